/**
 * The honest Python sdists of ../shared/data/package-corpus/pypi-benign (calibration data for false
 * positives), and the fixed split of every calibration set into a tuning half and a held-out half.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusDir } from './malware-corpus.js';

export interface BenignSdist {
  file: string;
  name: string;
  version: string;
  data: Buffer;
}

/** PEP 503 normalisation: case-folded, runs of `-_.` as one `-`. */
function normalise(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/**
 * Deterministic half of a calibration set: rules are tuned on the packages whose normalised name
 * hashes to an even first byte; the others are scored only to report held-out numbers.
 */
export function tuningHalf(name: string): boolean {
  return (createHash('sha256').update(normalise(name)).digest()[0]! & 1) === 0;
}

/** Every sdist of pypi-benign/ (name and version from index.tsv), or [] when absent. */
export function loadBenignPypi(): BenignSdist[] {
  const dir = corpusDir();
  if (!dir) return [];
  const sub = path.join(dir, 'pypi-benign');
  let files: string[];
  try {
    files = readdirSync(sub).filter((f) => f.endsWith('.tar.gz')).sort();
  } catch {
    return [];
  }
  const meta = new Map<string, { name: string; version: string }>();
  try {
    for (const row of readFileSync(path.join(sub, 'index.tsv'), 'utf8').trim().split('\n').slice(1)) {
      const [file, name, version] = row.split('\t');
      if (file && name && version) meta.set(file, { name, version });
    }
  } catch {
    // no index: names come from the file names
  }
  return files.map((file) => {
    const m = meta.get(file) ?? { name: file.replace(/-[^-]+\.tar\.gz$/, ''), version: file.replace(/^.*-([^-]+)\.tar\.gz$/, '$1') };
    return { file, ...m, data: readFileSync(path.join(sub, file)) };
  });
}

/**
 * A failure message that names only tuning-half packages: held-out ones are counted, never named (the held-out halves
 * are scored in aggregate only; helper brief, "Held-out data").
 */
export function halvesMessage(items: readonly { name: string; why: string }[]): string {
  const tuned = items.filter((i) => tuningHalf(i.name)).map((i) => i.why);
  const held = items.length - tuned.length;
  return `${tuned.length} tuned${tuned.length ? ` (${tuned.join('; ')})` : ''}, ${held} held-out (not named)`;
}

/** How a failing sample is named in a message: itself when tuned on, an anonymous placeholder when held out. */
export function sampleLabel(name: string, label: string): string {
  return tuningHalf(name) ? label : 'a held-out sample';
}
