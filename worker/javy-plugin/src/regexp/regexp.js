// The searching methods of RegExp.prototype — test, [Symbol.match] (String.prototype.match),
// [Symbol.matchAll] and [Symbol.search] — on the plugin's automata for long subjects (see
// mod.rs); QuickJS's own methods for everything else. `exec`, `replace` and `split` stay
// QuickJS's: replacing `exec` would send every internal call through JavaScript and slow down
// the patterns QuickJS already runs fast (dense matches, short strings).
//
// Evaluated once, before any rule: it captures the built-ins it uses, so that a rule replacing
// them cannot change how these functions behave.
(() => {
  "use strict";
  const natives = globalThis.__istruttoria_regexp;
  delete globalThis.__istruttoria_regexp;
  const { compile, names, exec: run, all: runAll, minSubject } = natives;

  const NativeRegExp = RegExp;
  const proto = RegExp.prototype;
  const nativeExec = proto.exec;
  const native = {
    test: proto.test,
    match: proto[Symbol.match],
    matchAll: proto[Symbol.matchAll],
    search: proto[Symbol.search],
  };
  const apply = Reflect.apply;
  const getPrototypeOf = Object.getPrototypeOf;
  const createObject = Object.create;
  const defineProperty = Object.defineProperty;
  const floor = Math.floor;
  const slice = String.prototype.slice;
  const weakGet = WeakMap.prototype.get;
  const weakSet = WeakMap.prototype.set;
  const iteratorPrototype = getPrototypeOf(getPrototypeOf([][Symbol.iterator]()));
  const getter = (name) => Object.getOwnPropertyDescriptor(proto, name).get;
  const sourceOf = getter("source");
  const flagGetters = [
    ["d", "hasIndices"], ["g", "global"], ["i", "ignoreCase"], ["m", "multiline"],
    ["s", "dotAll"], ["u", "unicode"], ["v", "unicodeSets"], ["y", "sticky"],
  ]
    .filter(([, name]) => Object.getOwnPropertyDescriptor(proto, name) !== undefined)
    .map(([flag, name]) => [flag, getter(name)]);

  // The handle of each RegExp object's pattern (-1: QuickJS runs it), and what handles mean.
  const handles = new WeakMap();
  const patterns = [];

  const flagsOf = (re) => {
    let flags = "";
    for (let i = 0; i < flagGetters.length; i++) {
      if (apply(flagGetters[i][1], re, [])) flags += flagGetters[i][0];
    }
    return flags;
  };

  // The pattern of `re` when the automata may run it on `S`, else undefined.
  const fastPattern = (re, S) => {
    if (S.length < minSubject || getPrototypeOf(re) !== proto || re.exec !== nativeExec) {
      return undefined;
    }
    let handle = apply(weakGet, handles, [re]);
    if (handle === undefined) {
      const flags = flagsOf(re);
      handle = compile(apply(sourceOf, re, []), flags);
      if (handle >= 0 && patterns[handle] === undefined) {
        const groupNames = names(handle);
        let named = false;
        for (let i = 1; i < groupNames.length; i++) if (groupNames[i] !== "") named = true;
        patterns[handle] = {
          handle,
          flags,
          global: flags.includes("g"),
          multiline: flags.includes("m"),
          groupCount: groupNames.length,
          names: named ? groupNames : null,
        };
      }
      apply(weakSet, handles, [re, handle]);
    }
    return handle < 0 ? undefined : patterns[handle];
  };

  const toString = (value) => (typeof value === "string" ? value : `${value}`);
  const isObject = (value) => (typeof value === "object" && value !== null) || typeof value === "function";

  // RegExpBuiltinExec on the automata. Returns undefined when QuickJS must run it after all.
  const NO_MATCH = null;
  const fastExec = (re, pattern, S, wantResult) => {
    let lastIndex = 0;
    if (pattern.global) {
      const value = re.lastIndex;
      if (typeof value !== "number") return undefined;
      lastIndex = value > 0 ? floor(value) : 0;
      if (lastIndex > S.length) {
        re.lastIndex = 0;
        return NO_MATCH;
      }
    }
    const spans = run(pattern.handle, S, lastIndex, pattern.multiline);
    if (spans === undefined) return undefined;
    if (spans.length === 0) {
      if (pattern.global) re.lastIndex = 0;
      return NO_MATCH;
    }
    if (pattern.global) re.lastIndex = spans[1];
    return wantResult ? resultOf(pattern, S, spans, 0) : true;
  };

  // The result of exec from the spans of one match (at `offset` in `spans`).
  const resultOf = (pattern, S, spans, offset) => {
    const result = [];
    for (let i = 0; i < pattern.groupCount; i++) {
      const start = spans[offset + 2 * i];
      result[i] = start < 0 ? undefined : apply(slice, S, [start, spans[offset + 2 * i + 1]]);
    }
    result.index = spans[offset];
    result.input = S;
    let groups;
    if (pattern.names !== null) {
      groups = createObject(null);
      for (let i = 1; i < pattern.groupCount; i++) {
        if (pattern.names[i] !== "") groups[pattern.names[i]] = result[i];
      }
    }
    result.groups = groups;
    return result;
  };

  function test(string) {
    if (!isObject(this)) return apply(native.test, this, [string]);
    const S = toString(string);
    const pattern = fastPattern(this, S);
    const found = pattern === undefined ? undefined : fastExec(this, pattern, S, false);
    return found === undefined ? apply(native.test, this, [S]) : found !== NO_MATCH;
  }

  function match(string) {
    if (!isObject(this)) return apply(native.match, this, [string]);
    const S = toString(string);
    const pattern = fastPattern(this, S);
    if (pattern !== undefined) {
      if (!pattern.global) {
        const result = fastExec(this, pattern, S, true);
        if (result !== undefined) return result;
      } else {
        const spans = runAll(pattern.handle, S, 0, pattern.multiline, false);
        if (spans !== undefined) {
          this.lastIndex = 0;
          if (spans.length === 0) return null;
          const matches = [];
          for (let i = 0; i < spans.length; i += 2) {
            matches[i >> 1] = apply(slice, S, [spans[i], spans[i + 1]]);
          }
          return matches;
        }
      }
    }
    return apply(native.match, this, [S]);
  }

  function search(string) {
    if (!isObject(this)) return apply(native.search, this, [string]);
    const S = toString(string);
    const pattern = fastPattern(this, S);
    const previous = this.lastIndex;
    if (pattern !== undefined && typeof previous === "number") {
      const spans = run(pattern.handle, S, 0, pattern.multiline);
      // The built-in saves lastIndex, searches from 0 and restores it: lastIndex is unchanged.
      if (spans !== undefined) return spans.length === 0 ? -1 : spans[0];
    }
    return apply(native.search, this, [S]);
  }

  function matchAll(string) {
    if (!isObject(this)) return apply(native.matchAll, this, [string]);
    const S = toString(string);
    const pattern = fastPattern(this, S);
    const lastIndex = this.lastIndex;
    if (
      pattern === undefined ||
      typeof lastIndex !== "number" ||
      this.constructor !== NativeRegExp ||
      NativeRegExp[Symbol.species] !== NativeRegExp
    ) {
      return apply(native.matchAll, this, [S]);
    }
    // The iterator's own RegExp (the spec's matcher, a copy of this one) is unreachable from
    // outside, so its matches can all be found at once: the ones its exec calls would find.
    const from = lastIndex > 0 ? floor(lastIndex) : 0;
    let spans;
    if (!pattern.global) {
      spans = run(pattern.handle, S, 0, pattern.multiline);
    } else if (from <= S.length) {
      spans = runAll(pattern.handle, S, from, pattern.multiline, true);
    } else {
      spans = [];
    }
    if (spans === undefined) return apply(native.matchAll, this, [S]);
    let offset = 0;
    const iterator = createObject(regExpStringIterator);
    defineProperty(iterator, "next", {
      value: function next() {
        if (offset >= spans.length) return { value: undefined, done: true };
        const value = resultOf(pattern, S, spans, offset);
        offset += 2 * pattern.groupCount;
        return { value, done: false };
      },
      writable: true,
      enumerable: false,
      configurable: true,
    });
    return iterator;
  }

  const regExpStringIterator = createObject(iteratorPrototype);
  defineProperty(regExpStringIterator, Symbol.toStringTag, {
    value: "RegExp String Iterator",
    configurable: true,
  });

  const method = (key, value) =>
    defineProperty(proto, key, { value, writable: true, enumerable: false, configurable: true });
  method("test", test);
  method(Symbol.match, match);
  method(Symbol.matchAll, matchAll);
  method(Symbol.search, search);
  defineProperty(match, "name", { value: "[Symbol.match]" });
  defineProperty(matchAll, "name", { value: "[Symbol.matchAll]" });
  defineProperty(search, "name", { value: "[Symbol.search]" });
})();
