#!/usr/bin/env node
// The `cert` bin (docs/cli.md). From a checkout it compiles first when a source changed (as `npm run
// cert` does); from an installed package it runs the compiled CLI as shipped.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/cert.js', import.meta.url);
const prepareScript = new URL('../scripts/prepare.mjs', import.meta.url);
if (existsSync(prepareScript) && existsSync(new URL('../tsconfig.json', import.meta.url))) {
  const { prepare } = await import(prepareScript.href);
  try {
    prepare();
  } catch (err) {
    process.stderr.write(`cert: ${err.message}\n`);
    process.exit(1);
  }
}
const { main } = await import(entry.href);
process.exit(await main(process.argv.slice(2)));
