import type { Config } from '../../../config.ts';
import { hmac, type PaymentGateway } from './gateway.ts';
import { SandboxGateway } from './sandbox-gateway.ts';
import { TransbankOneclickGateway } from './transbank-gateway.ts';

export type Gateways = {
  /** The gateway new cards are enrolled with (PAYMENT_GATEWAY). */
  current: PaymentGateway;
  byName(name: string): PaymentGateway;
};

/** The sandbox secret: SANDBOX_GATEWAY_SECRET, or derived from the app key. */
export function sandboxSecret(config: Config, appKey: string): string {
  return config.sandboxGatewaySecret ?? hmac(appKey, 'sandbox-gateway');
}

/** Every gateway the configuration allows. Built once in app.ts and handed to every area through ModuleOptions. */
export function createGateways(config: Config, appKey: string): Gateways {
  const sandbox = new SandboxGateway(sandboxSecret(config, appKey), config.appUrl);
  const all = new Map<string, PaymentGateway>([['sandbox', sandbox]]);
  all.set('transbank_oneclick', new TransbankOneclickGateway(config.transbank, config.appUrl));
  return {
    current: all.get(config.paymentGateway)!,
    byName(name) {
      const gateway = all.get(name);
      if (!gateway) throw new Error(`Unknown payment gateway ${name}`);
      return gateway;
    },
  };
}
