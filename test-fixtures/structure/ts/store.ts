import { readFile } from 'node:fs/promises';

export interface Entry {
  key: string;
  value: unknown;
}

export class Store {
  private readonly entries = new Map<string, Entry>();

  async load(file: string): Promise<void> {
    const text = await readFile(file, 'utf8');
    const parsed = JSON.parse(text) as Entry[];
    for (const entry of parsed) this.entries.set(entry.key, entry);
    console.log('loaded', parsed.length, 'entries');
  }

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  remove(key: string): boolean {
    console.log('removing', key);
    return this.entries.delete(key);
  }
}

export function parseAll(texts: string[]): unknown[] {
  return texts.map((text) => JSON.parse(text));
}
