#!/usr/bin/env node
// Linux-side checks of the iOS wrapper (no Swift compiler or Xcode here):
//
//  1. syntax   every .swift file under ios-wrapper/BaifangHex parses without error nodes
//              under tree-sitter-swift (file:line:column of each error is reported);
//  2. contract the bridge message types of every "source of types" equal the sets in
//              web/host-bridge/messages.json, the one definition (no more, no less);
//  3. payloads the fields of each `<Type>Payload` struct (and reply struct) equal the
//              payload keys in messages.json, and enum-valued fields ("a|b|c") equal the
//              raw values of the Swift enum used for them;
//  4. scripts  the JavaScript the host injects or evaluates (haptic shim, viewport lock,
//              event delivery), taken from the Swift string literals with their
//              interpolations resolved, runs in node against a stub page and produces the
//              envelopes messages.json describes (handler name, event function, types);
//  5. project  the Info.plist / entitlement keys the app needs are in the project.
//
// Usage: node check-swift.mjs [--types extra.json ...]
//   extra.json: {"name": "...", "calls": [...], "events": [...]} (either list optional);
//   compared like any other source. Exit status 0 when everything matches.
//
// Adding a source of types (the web side's sent/listened types, the mock host's handled
// types): write one function returning {name, calls, events} (Sets, or null for a side the
// source does not cover) and add it to SOURCES below.

import fs from 'node:fs';
import vm from 'node:vm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Parser from 'tree-sitter';
import Swift from 'tree-sitter-swift';

const here = path.dirname(fileURLToPath(import.meta.url));
const wrapperDir = path.resolve(here, '..');
const repoDir = path.resolve(wrapperDir, '..');
const swiftRoot = path.join(wrapperDir, 'BaifangHex');
const messagesPath = path.join(repoDir, 'web', 'host-bridge', 'messages.json');

const parser = new Parser();
parser.setLanguage(Swift);

const rel = (p) => path.relative(repoDir, p);
const read = (p) => fs.readFileSync(p, 'utf8');

// ---------------------------------------------------------------------------------------
// Swift files and their syntax trees

function listSwiftFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    // BaifangHex/Web is the copied web build: no Swift in it, possibly many files.
    if (entry.isDirectory() && full !== path.join(swiftRoot, 'Web')) out.push(...listSwiftFiles(full));
    else if (entry.isFile() && entry.name.endsWith('.swift')) out.push(full);
  }
  return out.sort();
}

function* walk(node) {
  yield node;
  for (let i = 0; i < node.childCount; i++) yield* walk(node.child(i));
}

/** Error and missing nodes, each as {line, column, kind, text}. */
function syntaxErrors(tree) {
  const errors = [];
  if (!tree.rootNode.hasError) return errors;
  for (const node of walk(tree.rootNode)) {
    if (node.type === 'ERROR' || node.isMissing) {
      errors.push({
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
        kind: node.isMissing ? `missing ${node.type}` : 'unexpected',
        text: node.text.split('\n')[0].slice(0, 60),
      });
    }
  }
  if (errors.length === 0) errors.push({ line: 1, column: 1, kind: 'error', text: '(tree has an error)' });
  return errors;
}

function parseSwiftSources(files) {
  return files.map((file) => {
    const source = read(file);
    const tree = parser.parse(source);
    return { file, source, tree, errors: syntaxErrors(tree) };
  });
}

// ---------------------------------------------------------------------------------------
// Swift declarations the other checks read

const fieldText = (node, field) => node.childForFieldName(field)?.text ?? null;

/** Every `enum Name` in the sources: Map name -> [raw values] (the case name when implicit). */
function swiftEnums(units) {
  const enums = new Map();
  for (const { tree } of units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type !== 'class_declaration' || fieldText(node, 'declaration_kind') !== 'enum') continue;
      const values = [];
      const body = node.childForFieldName('body');
      for (const entry of body ? walk(body) : []) {
        if (entry.type !== 'enum_entry' || entry.parent !== body) continue;
        // `case a, b = "x"`: names and raw values alternate within one entry.
        let last = null;
        for (let i = 0; i < entry.childCount; i++) {
          const child = entry.child(i);
          const field = entry.fieldNameForChild(i);
          if (field === 'name') {
            last = child.text;
            values.push(last);
          } else if (field === 'raw_value' && last !== null) {
            const literal = child.text.match(/^"(.*)"$/);
            if (literal) values[values.length - 1] = literal[1];
          }
        }
      }
      enums.set(node.childForFieldName('name').text, values);
    }
  }
  return enums;
}

/** Every struct: Map name -> Map(stored property name -> type text). */
function swiftStructs(units) {
  const structs = new Map();
  for (const { tree } of units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type !== 'class_declaration' || fieldText(node, 'declaration_kind') !== 'struct') continue;
      const body = node.childForFieldName('body');
      const fields = new Map();
      for (let i = 0; body && i < body.childCount; i++) {
        const decl = body.child(i);
        if (decl.type !== 'property_declaration') continue;
        const modifiers = decl.children.find((c) => c.type === 'modifiers')?.text ?? '';
        if (/\bstatic\b/.test(modifiers)) continue;
        if (decl.children.some((c) => c.type === 'computed_property')) continue;
        const name = decl.childForFieldName('name')?.text;
        const type = decl.children.find((c) => c.type === 'type_annotation')?.childForFieldName('name')?.text ?? '';
        if (name) fields.set(name, type);
      }
      structs.set(node.childForFieldName('name').text, fields);
    }
  }
  return structs;
}

/** The member name of `.x` or `Type.x` (or null). */
function memberName(node, typeName) {
  if (node.type === 'prefix_expression' && fieldText(node, 'operation') === '.') {
    return fieldText(node, 'target');
  }
  if (node.type === 'navigation_expression' && fieldText(node, 'target') === typeName) {
    return node.childForFieldName('suffix')?.childForFieldName('suffix')?.text ?? null;
  }
  return null;
}

/** The name a call expression calls: `emit` for `emit(…)`, `x.emit(…)`, `x?.emit(…)`. */
function calleeName(call) {
  const callee = call.child(0);
  if (!callee) return null;
  if (callee.type === 'simple_identifier') return callee.text;
  if (callee.type === 'navigation_expression') {
    return callee.childForFieldName('suffix')?.childForFieldName('suffix')?.text ?? null;
  }
  return null;
}

/** `static let name = "text"` constants: Map "Type.name" -> text. */
function swiftStaticStrings(units) {
  const constants = new Map();
  for (const { tree } of units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type !== 'property_declaration' || !/\bstatic\b/.test(node.children.find((c) => c.type === 'modifiers')?.text ?? '')) continue;
      const value = node.childForFieldName('value');
      if (value?.type !== 'line_string_literal' || value.children.some((c) => c.type === 'interpolated_expression')) continue;
      let owner = node.parent;
      while (owner && owner.type !== 'class_declaration') owner = owner.parent;
      const typeName = owner?.childForFieldName('name')?.text;
      const name = node.childForFieldName('name')?.text;
      if (typeName && name) constants.set(`${typeName}.${name}`, value.text.slice(1, -1));
    }
  }
  return constants;
}

/** Enum cases with their raw values: Map enum -> Map(case -> raw value). */
function swiftEnumCases(units) {
  const out = new Map();
  for (const { tree } of units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type !== 'class_declaration' || fieldText(node, 'declaration_kind') !== 'enum') continue;
      const cases = new Map();
      const body = node.childForFieldName('body');
      for (let i = 0; body && i < body.childCount; i++) {
        const entry = body.child(i);
        if (entry.type !== 'enum_entry') continue;
        let last = null;
        for (let j = 0; j < entry.childCount; j++) {
          const field = entry.fieldNameForChild(j);
          if (field === 'name') cases.set((last = entry.child(j).text), entry.child(j).text);
          else if (field === 'raw_value' && last !== null) {
            const literal = entry.child(j).text.match(/^"(.*)"$/);
            if (literal) cases.set(last, literal[1]);
          }
        }
      }
      out.set(node.childForFieldName('name').text, cases);
    }
  }
  return out;
}

/**
 * The text of the multi-line string literal inside `function name` of `file`, with each
 * interpolation `\(Type.constant)` or `\(Enum.case.rawValue)` replaced by its value.
 */
function swiftScript(ctx, fileSuffix, functionName) {
  const unit = ctx.units.find((u) => u.file.endsWith(fileSuffix));
  if (!unit) throw new Error(`${fileSuffix} not found`);
  const fn = [...walk(unit.tree.rootNode)].find(
    (n) => n.type === 'function_declaration' && n.childForFieldName('name')?.text === functionName,
  );
  const literal = fn && [...walk(fn)].find((n) => n.type === 'multi_line_string_literal');
  if (!literal) throw new Error(`${fileSuffix}: no multi-line string in ${functionName}`);
  let text = '';
  for (let i = 0; i < literal.childCount; i++) {
    const child = literal.child(i);
    const field = literal.fieldNameForChild(i);
    if (field === 'text') text += child.text.replace(/\\(["\\])/g, '$1');
    else if (field === 'interpolation') {
      const expr = child.text;
      const raw = expr.match(/^(\w+)\.(\w+)\.rawValue$/);
      const constant = ctx.constants.get(expr);
      if (constant !== undefined) text += constant;
      else if (raw && ctx.enumCases.get(raw[1])?.has(raw[2])) text += ctx.enumCases.get(raw[1]).get(raw[2]);
      else throw new Error(`${fileSuffix}: cannot resolve \\(${expr}) in ${functionName}`);
    }
  }
  return text;
}

// ---------------------------------------------------------------------------------------
// Sources of types. Each returns {name, calls, events}: Sets, or null for a side it does
// not cover. The first one is the reference.

function messagesJson(ctx) {
  return {
    name: 'web/host-bridge/messages.json',
    calls: new Set(Object.keys(ctx.messages.calls)),
    events: new Set(Object.keys(ctx.messages.events)),
  };
}

/** The raw values of `enum BridgeCall` and `enum BridgeEvent`. */
function swiftDeclared(ctx) {
  const calls = ctx.enums.get('BridgeCall');
  const events = ctx.enums.get('BridgeEvent');
  return {
    name: 'Swift BridgeCall/BridgeEvent raw values',
    calls: new Set(calls ?? []),
    events: new Set(events ?? []),
    problems: [
      ...(calls ? [] : ['enum BridgeCall not found']),
      ...(events ? [] : ['enum BridgeEvent not found']),
    ],
  };
}

/**
 * What the Swift code acts on: the cases of the `switch call.type` that handles calls
 * (a `default:` there would hide an unhandled call, so it is a problem), and the events
 * passed to `emit(…)` anywhere.
 */
function swiftHandledAndEmitted(ctx) {
  const calls = new Set();
  const events = new Set();
  const problems = [];
  let switches = 0;
  for (const { file, tree } of ctx.units) {
    for (const node of walk(tree.rootNode)) {
      if (node.type === 'switch_statement' && /\bcall\.type$/.test(fieldText(node, 'expr') ?? '')) {
        switches += 1;
        for (const entry of node.children.filter((c) => c.type === 'switch_entry')) {
          if (entry.children.some((c) => c.type === 'default_keyword' || c.text === 'default')) {
            problems.push(`${rel(file)}:${entry.startPosition.row + 1}: default case in the call switch`);
          }
          for (const pattern of entry.children.filter((c) => c.type === 'switch_pattern')) {
            const m = pattern.text.match(/^(?:BridgeCall)?\.(\w+)$/);
            if (m) calls.add(m[1]);
            else problems.push(`${rel(file)}:${pattern.startPosition.row + 1}: unexpected call pattern ${pattern.text}`);
          }
        }
      }
      if (node.type === 'call_expression' && calleeName(node) === 'emit') {
        const args = node.child(1)?.children.find((c) => c.type === 'value_arguments');
        const first = args?.children.find((c) => c.type === 'value_argument');
        const value = first?.childForFieldName('value');
        const name = value ? memberName(value, 'BridgeEvent') : null;
        if (name) events.add(name);
        else problems.push(`${rel(file)}:${node.startPosition.row + 1}: emit(…) without a literal event`);
      }
    }
  }
  if (switches !== 1) problems.push(`expected one \`switch call.type\`, found ${switches}`);
  return { name: 'Swift handled calls / emitted events', calls, events, problems };
}

/** `--types file.json` sources: {"name", "calls": [...], "events": [...]}. */
function jsonTypesFile(file) {
  return () => {
    const data = JSON.parse(read(file));
    return {
      name: data.name ?? rel(file),
      calls: Array.isArray(data.calls) ? new Set(data.calls) : null,
      events: Array.isArray(data.events) ? new Set(data.events) : null,
    };
  };
}

const SOURCES = [
  messagesJson, // the reference: keep first
  swiftDeclared,
  swiftHandledAndEmitted,
  // The lead adds here, once the online work lands, e.g.:
  //   webRustSide  — the types the Rust GameKit transport sends and listens for;
  //   mockHost     — the types the JS mock host implements.
];

// ---------------------------------------------------------------------------------------
// Comparisons

function compareSets(reference, actual) {
  const missing = [...reference].filter((t) => !actual.has(t)).sort();
  const extra = [...actual].filter((t) => !reference.has(t)).sort();
  return { missing, extra, matched: reference.size - missing.length };
}

/** Contract: every source against the reference, per side. */
function checkContract(sources) {
  const [reference, ...others] = sources;
  const problems = [];
  const missingAny = { calls: new Set(), events: new Set() };
  const extraAny = { calls: new Set(), events: new Set() };
  for (const source of others) {
    for (const p of source.problems ?? []) problems.push(`${source.name}: ${p}`);
    for (const side of ['calls', 'events']) {
      if (!source[side]) continue;
      const { missing, extra } = compareSets(reference[side], source[side]);
      missing.forEach((t) => missingAny[side].add(t));
      extra.forEach((t) => extraAny[side].add(t));
      if (missing.length) problems.push(`${source.name}: ${side} missing ${missing.join(', ')}`);
      if (extra.length) problems.push(`${source.name}: ${side} not in messages.json: ${extra.join(', ')}`);
    }
  }
  // "matched" counts the reference types every source has; extras are shown separately.
  const summary = (side) => {
    const total = reference[side].size;
    const text = `${total - missingAny[side].size}/${total}`;
    return extraAny[side].size ? `${text} +${extraAny[side].size} extra` : text;
  };
  return { problems, text: { calls: summary('calls'), events: summary('events') } };
}

const payloadStructName = (type) => `${type[0].toUpperCase()}${type.slice(1)}Payload`;
// Replies with fields and the struct that carries them.
const REPLY_STRUCTS = { authenticate: 'PlayerInfo' };

/** Payload (and reply) fields in messages.json against the Swift structs. */
function checkPayloads(ctx) {
  const problems = [];
  const specs = [];
  for (const [side, table] of [['call', ctx.messages.calls], ['event', ctx.messages.events]]) {
    for (const [type, spec] of Object.entries(table)) {
      specs.push({ what: `${side} ${type} payload`, struct: payloadStructName(type), fields: spec.payload ?? {} });
      if (spec.reply && Object.keys(spec.reply).length) {
        specs.push({ what: `call ${type} reply`, struct: REPLY_STRUCTS[type] ?? `${payloadStructName(type).replace(/Payload$/, 'Reply')}`, fields: spec.reply });
      }
    }
  }
  let failed = 0;
  for (const { what, struct, fields } of specs) {
    const before = problems.length;
    checkOne(what, struct, fields);
    if (problems.length > before) failed += 1;
  }
  return { problems, checked: specs.length, failed };

  function checkOne(what, struct, fields) {
    const wanted = Object.keys(fields);
    const swiftFields = ctx.structs.get(struct);
    if (wanted.length === 0) {
      if (swiftFields && swiftFields.size) problems.push(`${what} is {} but ${struct} has fields ${[...swiftFields.keys()].join(', ')}`);
      return;
    }
    if (!swiftFields) {
      problems.push(`${what}: struct ${struct} not found`);
      return;
    }
    const { missing, extra } = compareSets(new Set(wanted), new Set(swiftFields.keys()));
    if (missing.length) problems.push(`${what}: ${struct} lacks ${missing.join(', ')}`);
    if (extra.length) problems.push(`${what}: ${struct} has extra ${extra.join(', ')}`);
    // Enumerated string fields ("a|b|c") against the Swift enum of that field.
    for (const [field, kind] of Object.entries(fields)) {
      if (typeof kind !== 'string' || !kind.includes('|') || !swiftFields.has(field)) continue;
      const enumName = swiftFields.get(field);
      const values = ctx.enums.get(enumName);
      if (!values) {
        problems.push(`${what}: field ${field} should be an enum of ${kind}, is ${enumName || 'untyped'}`);
        continue;
      }
      const diff = compareSets(new Set(kind.split('|')), new Set(values));
      if (diff.missing.length || diff.extra.length) {
        problems.push(`${what}: enum ${enumName} is {${values.join(', ')}}, messages.json says ${kind}`);
      }
    }
  }
}

/**
 * The injected and evaluated JavaScript, run against stub pages: the haptic shim posts
 * `{id, type: "haptic", payload: {style}}` to the handler named in messages.json; the
 * viewport lock pins the viewport; the event delivery body calls the page function named
 * in messages.json with the envelope and reports whether the page was listening.
 */
async function checkScripts(ctx) {
  const problems = [];
  const results = [];
  const expect = (what, ok, detail = '') => {
    results.push(ok);
    if (!ok) problems.push(`scripts: ${what}${detail ? ` (${detail})` : ''}`);
  };
  const { handlerName, pageEventFunction } = ctx.messages;
  expect('HostBridge.handlerName equals messages.json handlerName', ctx.constants.get('HostBridge.handlerName') === handlerName);
  expect('HostBridge.pageEventFunction equals messages.json pageEventFunction', ctx.constants.get('HostBridge.pageEventFunction') === pageEventFunction);

  // Haptic shim.
  const posted = [];
  let unhandled = 0;
  const onUnhandled = () => { unhandled += 1; };
  process.on('unhandledRejection', onUnhandled);
  const page = { webkit: { messageHandlers: { [handlerName]: { postMessage: (m) => { posted.push(structuredClone(m)); return Promise.reject(new Error('stub')); } } } } };
  vm.runInNewContext(swiftScript(ctx, 'Web/PageScripts.swift', 'hapticShim'), { window: page, Promise, String });
  page.__hostHaptic('light');
  page.__hostHaptic('success');
  await new Promise((r) => setTimeout(r, 10));
  process.off('unhandledRejection', onUnhandled);
  expect('haptic shim swallows a rejected reply', unhandled === 0, `${unhandled} unhandled`);
  const want = [
    { id: -1, type: 'haptic', payload: { style: 'light' } },
    { id: -2, type: 'haptic', payload: { style: 'success' } },
  ];
  expect('haptic shim posts the haptic call envelope', JSON.stringify(posted) === JSON.stringify(want), JSON.stringify(posted));
  expect('haptic is a call in messages.json', 'haptic' in ctx.messages.calls);
  const bare = {};
  vm.runInNewContext(swiftScript(ctx, 'Web/PageScripts.swift', 'hapticShim'), { window: bare, Promise, String });
  let threw = false;
  try { bare.__hostHaptic('light'); } catch { threw = true; }
  expect('haptic shim is silent without the handler', !threw);

  // Viewport lock.
  const head = { children: [], appendChild(el) { this.children.push(el); } };
  const created = [];
  const document = {
    head,
    documentElement: { style: {} },
    querySelector: () => null,
    createElement: (tag) => { const el = { tag, attrs: {}, setAttribute(k, v) { this.attrs[k] = v; } }; created.push(el); return el; },
  };
  vm.runInNewContext(swiftScript(ctx, 'Web/PageScripts.swift', 'lockViewport'), { document });
  const meta = head.children[0];
  expect('viewport lock adds a pinned viewport', meta?.name === 'viewport' && /user-scalable=no/.test(meta.attrs.content) && /maximum-scale=1/.test(meta.attrs.content) && /viewport-fit=cover/.test(meta.attrs.content));

  // Event delivery (callAsyncJavaScript treats the string as an async function body).
  const body = swiftScript(ctx, 'Bridge/HostBridge.swift', 'deliver');
  const envelope = { id: 1, type: 'matchFound', payload: { players: [] } };
  const received = [];
  const listening = { [pageEventFunction]: (e) => received.push(e) };
  const run = (window) => vm.runInNewContext(`(async function (e) {\n${body}\n})`, { window })(envelope);
  expect('event body calls the page function with the envelope', (await run(listening)) === true && received[0] === envelope);
  expect('event body reports a page that is not listening', (await run({})) === false);
  return { problems, checked: results.length, passed: results.filter(Boolean).length };
}

/** The Info.plist and entitlement keys the app needs (iOS 15, 120 Hz, status bar, portrait, Game Center). */
function checkProject() {
  const problems = [];
  const projectYml = read(path.join(wrapperDir, 'project.yml'));
  const entitlements = read(path.join(swiftRoot, 'BaifangHex.entitlements'));
  const wants = [
    ['iOS 15 deployment target', /deploymentTarget:\s*"15\.0"/.test(projectYml)],
    ['CADisableMinimumFrameDurationOnPhone true', /CADisableMinimumFrameDurationOnPhone:\s*true/.test(projectYml)],
    ['UIViewControllerBasedStatusBarAppearance', /UIViewControllerBasedStatusBarAppearance:\s*true/.test(projectYml)],
    ['portrait only', /UISupportedInterfaceOrientations:\s*\[UIInterfaceOrientationPortrait\]/.test(projectYml)],
    ['entitlements file referenced', /CODE_SIGN_ENTITLEMENTS:\s*BaifangHex\/BaifangHex\.entitlements/.test(projectYml)],
    ['Game Center entitlement', /<key>com\.apple\.developer\.game-center<\/key>\s*<true\/>/.test(entitlements)],
  ];
  for (const [what, ok] of wants) if (!ok) problems.push(`project: ${what} not found`);
  return { problems, checked: wants.length };
}

// ---------------------------------------------------------------------------------------
// Self-test: the checks must be able to fail (a checker that passes anything is useless).

function selfTest() {
  const broken = parser.parse('func f( {\n  let x = \n}\n');
  if (syntaxErrors(broken).length === 0) throw new Error('self-test: a broken Swift snippet parsed cleanly');
  const unit = (source) => ({ file: path.join(swiftRoot, 'SelfTest.swift'), source, tree: parser.parse(source), errors: [] });
  const units = [unit(`
    enum BridgeCall: String { case a, b = "bee" }
    enum BridgeEvent: String { case e }
    struct APayload { let x: Double; static let y = 1; var z: Int { 1 } }
    func h() { switch call.type { case .a: emit(.e, P()); default: break } }
  `)];
  const enums = swiftEnums(units);
  const calls = enums.get('BridgeCall') ?? [];
  if (calls.join() !== 'a,bee') throw new Error(`self-test: enum raw values read as ${calls}`);
  const fields = [...(swiftStructs(units).get('APayload')?.keys() ?? [])];
  if (fields.join() !== 'x') throw new Error(`self-test: struct fields read as ${fields}`);
  const handled = swiftHandledAndEmitted({ units });
  if (![...handled.calls].includes('a') || !handled.events.has('e') || !handled.problems.some((p) => p.includes('default'))) {
    throw new Error('self-test: handled/emitted extraction or the default-case rule is broken');
  }
  const contract = checkContract([
    { name: 'ref', calls: new Set(['a', 'b']), events: new Set(['e']) },
    { name: 'other', calls: new Set(['a', 'c']), events: null },
  ]);
  if (contract.problems.length !== 2) throw new Error('self-test: contract mismatches not reported');
}

// ---------------------------------------------------------------------------------------

async function main(argv) {
  const extraSources = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--types' && argv[i + 1]) extraSources.push(jsonTypesFile(path.resolve(argv[++i])));
    else throw new Error(`unknown argument ${argv[i]} (usage: check-swift.mjs [--types file.json ...])`);
  }
  selfTest();

  const files = listSwiftFiles(swiftRoot);
  const units = parseSwiftSources(files);
  const messages = JSON.parse(read(messagesPath));
  const ctx = {
    units,
    messages,
    enums: swiftEnums(units),
    enumCases: swiftEnumCases(units),
    structs: swiftStructs(units),
    constants: swiftStaticStrings(units),
  };

  let failed = false;
  const syntaxErrorCount = units.reduce((n, u) => n + u.errors.length, 0);
  for (const { file, errors } of units) {
    for (const e of errors) console.log(`${rel(file)}:${e.line}:${e.column}: syntax: ${e.kind} ${JSON.stringify(e.text)}`);
  }
  if (files.length === 0) {
    console.log(`no Swift files under ${rel(swiftRoot)}`);
    failed = true;
  }
  failed ||= syntaxErrorCount > 0;

  const sources = [...SOURCES, ...extraSources].map((source) => source(ctx));
  const contract = checkContract(sources);
  const payloads = checkPayloads(ctx);
  const scripts = await checkScripts(ctx);
  const project = checkProject();
  const problems = [...contract.problems, ...payloads.problems, ...scripts.problems, ...project.problems];
  for (const p of problems) console.log(p);
  failed ||= problems.length > 0;

  console.log(
    `swift: ${files.length} files parsed, ${syntaxErrorCount} errors; ` +
      `bridge contract: calls ${contract.text.calls}, events ${contract.text.events} ` +
      `(${sources.length - 1} sources vs messages.json); ` +
      `payloads: ${payloads.checked - payloads.failed}/${payloads.checked}; ` +
      `scripts: ${scripts.passed}/${scripts.checked}; ` +
      `project keys: ${project.checked - project.problems.length}/${project.checked}` +
      (failed ? ' — FAILED' : ''),
  );
  return failed ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`check-swift: ${error.message}`);
  process.exitCode = 2;
}
