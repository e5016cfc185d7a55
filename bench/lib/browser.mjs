// What a student's browser sends to the API, for the load generator of bench/classroom.mjs: its own
// keep-alive connection (an undici Client), its cookies, the CSRF double-submit header, the
// language header, `accept-encoding: br, gzip` and its own address in X-Forwarded-For (the server
// runs with TRUST_PROXY=true, so per-address limits count each student apart).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Client } from 'undici';

const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'x-xsrf-token';

/** A response body as received (compressed bytes) and, on demand, decoded and parsed. */
export class Received {
  constructor(status, encoding, buffer, ms, headers = {}) {
    this.status = status;
    /** The response headers (undici's: lower-case names). */
    this.headers = headers;
    this.encoding = encoding;
    /** Bytes on the wire (the body as sent, compressed or not). */
    this.buffer = buffer;
    /** From the request's dispatch to the last byte of the body. */
    this.ms = ms;
  }
  text() {
    if (this.encoding === 'br') return brotliDecompressSync(this.buffer).toString('utf8');
    if (this.encoding === 'gzip') return gunzipSync(this.buffer).toString('utf8');
    return this.buffer.toString('utf8');
  }
  json() {
    const text = this.text();
    return text ? JSON.parse(text) : undefined;
  }
}

export class Browser {
  /**
   * @param {string} origin  the app's origin, e.g. http://127.0.0.1:3201
   * @param {string} address the student's address (X-Forwarded-For)
   */
  constructor(origin, address) {
    this.origin = origin;
    this.address = address;
    this.cookies = new Map();
    this.client = new Client(origin, { pipelining: 1 });
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /**
   * One request as the web app's API client makes it. `dispatcher` sends it over another
   * connection pool (the fixed-concurrency phases) with this student's cookies and address.
   * Failures to connect resolve with status 0.
   */
  async request(method, path, body, dispatcher = this.client, extraHeaders = {}) {
    const headers = {
      accept: 'application/json',
      'accept-encoding': 'br, gzip',
      'x-localization': 'es',
      'x-forwarded-for': this.address,
      ...extraHeaders,
    };
    if (method !== 'GET') {
      if (!this.cookies.has(CSRF_COOKIE)) await this.request('GET', '/api/csrf-cookie');
      headers[CSRF_HEADER] = decodeURIComponent(this.cookies.get(CSRF_COOKIE) ?? '');
    }
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let payload;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const began = performance.now();
    try {
      const response = await dispatcher.request({
        origin: this.origin,
        path,
        method,
        headers,
        body: payload,
      });
      this.keepCookies(response.headers['set-cookie']);
      const buffer = Buffer.from(await response.body.arrayBuffer());
      return new Received(
        response.statusCode,
        response.headers['content-encoding'],
        buffer,
        performance.now() - began,
        response.headers,
      );
    } catch (error) {
      const failed = new Received(0, undefined, Buffer.alloc(0), performance.now() - began);
      failed.error = error;
      return failed;
    }
  }

  keepCookies(setCookie) {
    if (!setCookie) return;
    for (const cookie of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      // A cleared cookie comes back empty (with a past expiry): the browser drops it.
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  close() {
    return this.client.destroy().catch(() => {});
  }
}
