import { readFileSync } from 'node:fs';
import path from 'node:path';

// Chile's territorial division with its official CUT codes (see data/chile-territory/README.md).
const DATA_DIR = path.join(import.meta.dirname, 'data', 'chile-territory');

export type TerritoryRow = { id: number; code: string; name: string; parentId: number };
export type RegionRow = TerritoryRow & {
  shortName: string;
  abbreviation: string;
  isoCode: string;
  position: number;
};

// CUT numbers regions by creation, not by place; the select lists them north to south.
const REGIONS_NORTH_TO_SOUTH = [
  '15',
  '01',
  '02',
  '03',
  '04',
  '05',
  '13',
  '06',
  '07',
  '16',
  '08',
  '09',
  '14',
  '10',
  '11',
  '12',
];

/** Reads one of the small, unquoted CSV files of the data folder into objects keyed by header. */
export function readCsv(fileName: string, expectedHeader: string[]): Array<Record<string, string>> {
  const lines = readFileSync(path.join(DATA_DIR, fileName), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const [headerLine, ...rows] = lines;
  const header = headerLine?.split(',') ?? [];
  if (header.join(',') !== expectedHeader.join(',')) {
    throw new Error(`${fileName}: expected header ${expectedHeader.join(',')}, got ${headerLine}`);
  }
  return rows.map((line, index) => {
    // These files hold no quoted fields; refuse one rather than split it wrongly.
    const cells = line.split(',');
    if (line.includes('"') || cells.length !== header.length) {
      throw new Error(`${fileName}, line ${index + 2}: expected ${header.length} plain fields`);
    }
    return Object.fromEntries(header.map((name, i) => [name, cells[i]!.trim()]));
  });
}

/** The zero-padded CUT code as a number: '01101' -> 1101. */
function cutNumber(code: string | undefined): number {
  if (!code || !/^[0-9]+$/.test(code)) throw new Error(`Invalid CUT code: ${code}`);
  return Number(code);
}

export function loadChileTerritory(): {
  regions: RegionRow[];
  provinces: TerritoryRow[];
  communes: TerritoryRow[];
} {
  const regions = readCsv('regions.csv', [
    'id',
    'name',
    'short_name',
    'abbreviation',
    'iso_code',
  ]).map((row) => ({
    id: cutNumber(row.id),
    code: row.id!,
    name: row.name!,
    parentId: 0,
    shortName: row.short_name!,
    abbreviation: row.abbreviation!,
    isoCode: row.iso_code!,
    position: REGIONS_NORTH_TO_SOUTH.indexOf(row.id!) + 1,
  }));
  const provinces = readCsv('provinces.csv', ['id', 'name', 'region_id']).map((row) => ({
    id: cutNumber(row.id),
    code: row.id!,
    name: row.name!,
    parentId: cutNumber(row.region_id),
  }));
  const communes = readCsv('communes.csv', ['id', 'name', 'province_id']).map((row) => ({
    id: cutNumber(row.id),
    code: row.id!,
    name: row.name!,
    parentId: cutNumber(row.province_id),
  }));
  return { regions, provinces, communes };
}
