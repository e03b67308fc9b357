// Regenerates the GraphQL client into a scratch folder and fails when the committed
// src/lib/graphql/generated/ differs from it (stale schema.graphql or documents).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const committed = 'src/lib/graphql/generated';
const scratch = mkdtempSync(join(tmpdir(), 'codegen-check-'));

try {
  execFileSync('npx', ['graphql-codegen', '--config', 'codegen.ts'], {
    env: { ...process.env, CODEGEN_OUT: `${scratch}/` },
    stdio: 'inherit',
  });
  const names = new Set([...readdirSync(committed), ...readdirSync(scratch)]);
  const stale = [...names].filter((name) => read(join(committed, name)) !== read(join(scratch, name)));
  if (stale.length > 0) {
    console.error(`codegen:check: ${committed} is stale (${stale.join(', ')}); run \`npm run codegen\`.`);
    process.exitCode = 1;
  } else {
    console.log(`codegen:check: ${committed} is up to date.`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
