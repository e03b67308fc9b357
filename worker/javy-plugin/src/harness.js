// The harness of every rule execution, evaluated once at pre-initialisation (so an execution
// only evaluates the rule's own module). The rule's bundle (worker/src/rules/bundle.rs) calls
// `__istruttoria_harness.setup()` before the rule's first line and `run` after it:
//
//   const __istruttoria_io = __istruttoria_harness.setup(); function __istruttoria_rule() { …rule… }
//   __istruttoria_io.run(__istruttoria_rule);
//
// (`async function __istruttoria_rule` when the rule awaits at its top level.)
//
// stdout receives one JSON outcome, `{"ok":true,"result":…}` or
// `{"ok":false,"error":{kind,name,message,stack}}`; stderr one JSON line per console call,
// `{"level":…,"message":…}`, and `{"truncated":true}` once the log cap is reached (io.rs).
// The built-ins it needs are captured here, before any rule can replace them.
(() => {
  "use strict";
  const io = globalThis.__istruttoria_io;
  delete globalThis.__istruttoria_io;
  // The module "istruttoria" (src/stdlib.rs), read by the rules' imports: frozen, and fixed to
  // the global object so that no rule can swap it for the next import.
  Object.defineProperty(globalThis, "__istruttoria_std", {
    value: Object.freeze(globalThis.__istruttoria_std),
    writable: false,
    enumerable: false,
    configurable: false,
  });
  delete globalThis.Javy;
  const { stringify } = JSON;
  const { assign, defineProperty, getPrototypeOf } = Object;
  const AsyncFunctionPrototype = getPrototypeOf(async function () {});
  const defineIfAllowed = Reflect.defineProperty;
  const isError = (value) => value instanceof Error;

  const format = (v) => {
    if (typeof v === "string") return v;
    if (isError(v)) return v.stack ? `${v.name}: ${v.message}\n${v.stack}` : `${v.name}: ${v.message}`;
    try {
      const s = stringify(v);
      return s === undefined ? String(v) : s;
    } catch {
      return String(v);
    }
  };

  const failure = (kind, e, prefix) =>
    isError(e)
      ? { kind, name: e.name, message: prefix + e.message, stack: typeof e.stack === "string" ? e.stack : null }
      : { kind, name: "Error", message: prefix + "a value that is not an Error was thrown: " + format(e), stack: null };

  const dataProperty = (value) => ({ value, writable: true, enumerable: true, configurable: true });

  // Members parsed once for all the rules of a document (`prepare`), by name: their JSON's
  // length and their value. The worker runs a rule in a copy of the prepared instance's memory
  // only when the rule's input holds the very same members.
  const prepared = Object.create(null);

  // Parses every member of the input and keeps it for the rule that will run in a copy of
  // this memory; writes the names it prepared to stdout.
  function prepare() {
    const [index] = io.input();
    let offset = 0;
    for (let i = 0; i < index.length; i++) {
      const [name, length] = index[i];
      prepared[name] = { length, value: io.parse(offset, length) };
      offset += length;
    }
    io.write(1, stringify({ prepared: Object.keys(prepared) }), Infinity);
  }

  // The input object of an object input (`index`: its members' names and JSON lengths, in
  // order; the JSON of their values one after the other in io's body). Each member starts as an
  // accessor that parses its value on the first read and then becomes the ordinary data
  // property `JSON.parse` would have made; an assignment before any read makes it one without
  // parsing. So a rule that never reads a member (most rules and a document's words with their
  // boxes) never pays for it, and `JSON.stringify(input)`, spread, `Object.keys`, `in`,
  // assignment, `delete` and `Object.freeze` behave as on a parsed object — only
  // `Object.getOwnPropertyDescriptor` of a member not read yet shows the accessor.
  function lazyInput(index) {
    const input = {};
    let offset = 0;
    for (let i = 0; i < index.length; i++) {
      const name = index[i][0];
      const start = offset;
      const length = index[i][1];
      offset += length;
      const ready = prepared[name];
      if (ready !== undefined && ready.length === length) {
        defineProperty(input, name, dataProperty(ready.value));
        // The rule's from now on: collected once the rule lets go of it, as a parsed one is.
        prepared[name] = undefined;
        continue;
      }
      let parsed = false;
      let value;
      defineProperty(input, name, {
        get() {
          if (!parsed) {
            value = io.parse(start, length);
            parsed = true;
            // Refused only once the rule froze or sealed the input: the accessor then keeps
            // answering the same value.
            defineIfAllowed(input, name, dataProperty(value));
          }
          return value;
        },
        set(newValue) {
          if (!defineIfAllowed(this, name, dataProperty(newValue))) {
            throw new TypeError(`Cannot assign to read only property '${name}' of object`);
          }
        },
        enumerable: true,
        configurable: true,
      });
    }
    return input;
  }

  const writeOutcome = (out) => io.write(1, stringify(out), Infinity);
  // The outcome of an exception; never throws itself (describing what was thrown may: a getter,
  // a proxy, a value without a string form), so that every execution ends with an outcome.
  const exception = (e) => {
    try {
      return { ok: false, error: failure(e && e.istruttoriaKind ? e.istruttoriaKind : "exception", e, "") };
    } catch {
      return { ok: false, error: { kind: "exception", name: "Error", stack: null,
        message: "a value that cannot be described was thrown (reading it threw in turn)" } };
    }
  };
  const isThenable = (v) => (typeof v === "object" && v !== null || typeof v === "function") && typeof v.then === "function";

  // Runs the rule and writes its outcome: synchronously as long as the rule is, so that a rule
  // without a top-level `await` whose default export returns a value (not a promise) runs without
  // a single promise job. What is a promise is awaited; so are the jobs the rule's top level left
  // pending, before its default export is called (as when the module is imported).
  function run(ruleModule, index, bodyBytes, resultCap) {
    try {
      let input;
      try {
        input = index === null ? io.parse(0, bodyBytes) : lazyInput(index);
      } catch (e) {
        throw assign(new SyntaxError("the input is not valid JSON: " + e.message), { istruttoriaKind: "input" });
      }
      let rule;
      try {
        rule = ruleModule();
      } catch (e) {
        // Thrown at the top level: the jobs it left pending run first, as when the module is
        // imported (they may still end the execution otherwise, e.g. by its time limit).
        if (io.jobsPending()) return afterPendingJobs(e);
        throw e;
      }
      if (getPrototypeOf(ruleModule) === AsyncFunctionPrototype || isThenable(rule) || io.jobsPending()) {
        return runAwaited(rule, input, resultCap);
      }
      return callRule(rule, input, resultCap);
    } catch (e) {
      writeOutcome(exception(e));
    }
  }

  async function afterPendingJobs(e) {
    await null;
    writeOutcome(exception(e));
  }

  async function runAwaited(ruleModule, input, resultCap) {
    try {
      await callRule(await ruleModule, input, resultCap);
    } catch (e) {
      writeOutcome(exception(e));
    }
  }

  // Calls the default export; its value, or the promise of it, becomes the outcome.
  function callRule(rule, input, resultCap) {
    if (typeof rule !== "function") {
      throw new TypeError(`the default export of the rule is a ${rule === null ? "null" : typeof rule}, not a function`);
    }
    const value = rule(input);
    if (value !== null && typeof value === "object" && typeof value.then === "function") {
      return settle(value, resultCap);
    }
    finish(value, resultCap);
  }

  async function settle(promise, resultCap) {
    try {
      let value;
      try {
        value = await promise;
      } catch (e) {
        writeOutcome({ ok: false, error: failure("rejection", e, "the rule's promise was rejected: ") });
        return;
      }
      finish(value, resultCap);
    } catch (e) {
      writeOutcome(exception(e));
    }
  }

  // Writes the rule's value as its outcome, or why it cannot be one.
  function finish(value, resultCap) {
    let json;
    try {
      json = stringify(value);
    } catch (e) {
      writeOutcome({ ok: false, error: failure("result", e, "the rule's result is not serialisable as JSON: ") });
      return;
    }
    if (json === undefined) {
      writeOutcome({ ok: false, error: { kind: "result", name: "TypeError", stack: null,
        message: `the rule returned ${value === undefined ? "undefined" : "a " + typeof value}, not a JSON value (a rule returns an object such as { success: true })` } });
      return;
    }
    const written = io.write(1, '{"ok":true,"result":' + json + "}", resultCap + 21);
    if (written < 0) {
      writeOutcome({ ok: false, error: { kind: "resultTooLarge", name: "RangeError", stack: null,
        message: `the rule's result is ${-written - 21} bytes of JSON, more than the limit of ${resultCap} bytes` } });
    }
  }

  // The capturing console, made once at pre-initialisation like the rest of the harness (every
  // execution starts from that image); it logs nothing before `setup` gives it its budget.
  let logBudget = 0;
  const emit = (level, args) => {
    if (logBudget <= 0) return;
    const written = io.write(2, stringify({ level, message: args.map(format).join(" ") }) + "\n", logBudget);
    if (written < 0) {
      logBudget = 0;
      io.write(2, '{"truncated":true}\n', Infinity);
      return;
    }
    logBudget -= written;
  };
  const console = {
    log: (...a) => emit("log", a),
    info: (...a) => emit("info", a),
    warn: (...a) => emit("warn", a),
    error: (...a) => emit("error", a),
    debug: (...a) => emit("debug", a),
  };

  // Reads the input and installs the capturing console; the rule's bundle calls it first.
  function setup() {
    delete globalThis.__istruttoria_harness;
    const [index, bodyBytes, resultCap, logCap] = io.input();
    logBudget = logCap;
    globalThis.console = console;
    return { run: (ruleModule) => run(ruleModule, index, bodyBytes, resultCap) };
  }

  globalThis.__istruttoria_harness = { setup, prepare };
})();
