// Runs every case of ../cases.json (or of the file named as the argument) through this copy of
// the module (istruttoria.mjs) and exits non-zero when an answer differs. Run by
// tests/js_copy.rs (`cargo test`), also on random cases the Rust functions answered.
import { readFileSync } from "node:fs";
import * as istruttoria from "./istruttoria.mjs";

const file = process.argv[2] ?? new URL("../cases.json", import.meta.url);
const cases = JSON.parse(readFileSync(file, "utf8"));
const wrong = [];
for (const { call, args, result } of cases) {
  const answer = istruttoria[call](...args);
  if (JSON.stringify(answer) !== JSON.stringify(result)) wrong.push(`${call}(${JSON.stringify(args)}) = ${JSON.stringify(answer)}, expected ${JSON.stringify(result)}`);
}
const exported = Object.keys(istruttoria).sort().join(",");
if (wrong.length > 0) {
  console.error(wrong.join("\n"));
  process.exit(1);
}
console.log(`${cases.length} cases answered alike; exports ${exported}`);
