// Fails when docs/openapi.json is not a valid OpenAPI document (swagger-parser validates it
// against the OpenAPI 3.0 schema and resolves every $ref), when the generator rejects it, or
// when the committed generated/ differs from what the generator makes of it now.
import SwaggerParser from '@apidevtools/swagger-parser';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const document = '../../docs/openapi.json';
const committed = 'generated';
const scratch = mkdtempSync(join(tmpdir(), 'rest-client-check-'));

try {
  const api = await SwaggerParser.validate(document);
  console.log(`rest-client: ${document} is a valid OpenAPI ${api.openapi} document.`);
  execFileSync('npx', ['openapi-ts'], {
    env: { ...process.env, REST_CLIENT_OUT: scratch },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const names = new Set([...files(committed), ...files(scratch)]);
  const stale = [...names].filter((name) => read(join(committed, name)) !== read(join(scratch, name)));
  if (stale.length > 0) {
    console.error(`rest-client: ${committed}/ is stale (${stale.join(', ')}); run \`just rest-client\`.`);
    process.exitCode = 1;
  } else {
    console.log(`rest-client: ${committed}/ is up to date.`);
  }
} catch (error) {
  console.error(`rest-client: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

function files(dir) {
  const found = [];
  const walk = (at) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(dir, path));
    }
  };
  walk(dir);
  return found;
}

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
