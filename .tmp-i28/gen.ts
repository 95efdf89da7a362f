import ts from 'typescript';
import path from 'node:path';
import fs from 'node:fs';
const root = '/work/wt/i28';
const cfg = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
const areaFilter = process.argv[2] ?? '';
const program = ts.createProgram(cfg.fileNames, cfg.options);
const checker = program.getTypeChecker();
const LOCALES = ['zh-TW', 'en-US', 'zh-CN', 'th-TH', 'vi-VN'];
const used = new Set<string>();
const use = (n: string) => (used.add(n), n);
const MONEYISH = /^(amount|balance|frozenBalance|orderAmount|payAmount|usdAmount|betAmount|winAmount|validBet|validBetAmount|totalBet|totalWin|rewardAmount|minChip|relegationChip|threshold|commission|commissionBalance|netLoss|profit|withdrawable|availableBalance|frozenAmount|totalAmount|totalDeposit|totalWithdrawal|bet|win|payout|minAmount|maxAmount|fee)$/;
function schemaOf(t: ts.Type, name: string, depth: number): N {
  if (depth > 8) return { fn: use('anyValue'), args: ["'nested value'"] };
  if (t.isUnion()) {
    let parts = t.types;
    const hasNull = parts.some((p) => p.flags & ts.TypeFlags.Null);
    parts = parts.filter((p) => !(p.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    // boolean = true | false
    const bools = parts.filter((p) => p.flags & ts.TypeFlags.BooleanLiteral);
    let inner: N;
    const strLits = parts.filter((p) => p.isStringLiteral()) as ts.StringLiteralType[];
    const numLits = parts.filter((p) => p.isNumberLiteral()) as ts.NumberLiteralType[];
    if (bools.length === parts.length && parts.length) inner = { fn: use('bool'), args: [] };
    else if (strLits.length === parts.length && parts.length) inner = { fn: use('oneOfValues'), args: [`[${strLits.map((s) => `'${s.value}'`).join(', ')}]`] };
    else if (numLits.length === parts.length && parts.length) inner = { fn: use('oneOfValues'), args: [`[${numLits.map((s) => s.value).join(', ')}]`] };
    else if (parts.length === 1) inner = schemaOf(parts[0], name, depth);
    else if (parts.some((p) => checker.typeToString(p) === 'Date') && parts.every((p) => p.flags & ts.TypeFlags.StringLike || checker.typeToString(p) === 'Date')) inner = { fn: use('str'), args: [] };
    else if (parts.length === 0) return use('nothing');
    else {
      const seen = new Map<string, N>();
      for (const p of parts.filter((p) => !(p.flags & ts.TypeFlags.BooleanLiteral))) { const a = schemaOf(p, name, depth + 1); seen.set(inline(a), a); }
      if (bools.length) seen.set('bool()', { fn: use('bool'), args: [] });
      const alts = [...seen.values()];
      inner = alts.length === 1 ? alts[0] : { anyOf: alts };
    }
    return hasNull ? { fn: use('nullable'), args: [inner] } : inner;
  }
  const s = checker.typeToString(t);
  if (t.flags & ts.TypeFlags.Null) return use('nothing');
  if (t.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) return use('nothing');
  if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { fn: use('anyValue'), args: ["'Free-form'"] };
  if (t.isStringLiteral()) return { fn: use('constant'), args: [`'${t.value}'`] };
  if (t.isNumberLiteral()) return { fn: use('constant'), args: [String(t.value)] };
  if (t.flags & ts.TypeFlags.BooleanLiteral) return { fn: use('constant'), args: [s] };
  if (t.flags & ts.TypeFlags.StringLike) return { fn: MONEYISH.test(name) ? use('decimal') : use('str'), args: [] };
  if (t.flags & ts.TypeFlags.NumberLike) return /(^id$|Id$|^count$|Count$|^page$|^pageSize$|^total$|^totalPages$)/.test(name) ? { fn: use('int'), args: [] } : { fn: use('num'), args: [] };
  if (t.flags & ts.TypeFlags.BooleanLike) return { fn: use('bool'), args: [] };
  if (s === 'Date') return { fn: use('dateTime'), args: [] };
  if (checker.isArrayType(t) || checker.isTupleType(t)) {
    const args = checker.getTypeArguments(t as ts.TypeReference);
    return { fn: use('array'), args: [schemaOf(args[0], name, depth + 1)] };
  }
  const props = checker.getPropertiesOfType(t);
  const index = checker.getIndexInfosOfType(t);
  if (!props.length && index.length) return { fn: use('record'), args: [schemaOf(index[0].type, name, depth + 1)] };
  if (!props.length) return { fn: use('anyValue'), args: ["'Free-form object'"] };
  if (props.every((p) => LOCALES.includes(p.name))) return { fn: use('localeTexts'), args: [] };
  const optional: string[] = [];
  const fields = props.map((p) => {
    const pt = checker.getTypeOfSymbol(p);
    if (p.flags & ts.SymbolFlags.Optional) optional.push(p.name);
    const key = /^[A-Za-z_$][\w$]*$/.test(p.name) ? p.name : `'${p.name}'`;
    return [key, schemaOf(pt, p.name, depth + 1)] as [string, N];
  });
  use('obj');
  return { fields, optional };
}
type N = string | { fn: string; args: N[] } | { fields: [string, N][]; optional: string[] } | { anyOf: N[] };
function inline(n: N): string {
  if (typeof n === 'string') return n;
  if ('fn' in n) return `${n.fn}(${n.args.map(inline).join(', ')})`;
  if ('anyOf' in n) return `{ anyOf: [${n.anyOf.map(inline).join(', ')}] }`;
  const opt = n.optional.length ? `, { optional: [${n.optional.map((o) => `'${o}'`).join(', ')}] }` : '';
  return `obj({ ${n.fields.map(([k, v]) => `${k}: ${inline(v)}`).join(', ')} }${opt})`;
}
function format(n: N, indent: number, room = 0): string {
  const pad = '  '.repeat(indent);
  const one = inline(n);
  if (pad.length + one.length + room <= 120 || typeof n === 'string') return one;
  if ('fn' in n) return `${n.fn}(${n.args.map((a) => format(a, indent, room + n.fn.length + 2)).join(', ')})`;
  if ('anyOf' in n) return `{ anyOf: [${n.anyOf.map((a) => format(a, indent)).join(', ')}] }`;
  const lines = n.fields.map(([k, v]) => `${pad}  ${k}: ${format(v, indent + 1, k.length + 3)},`);
  const opt = n.optional.length ? `, { optional: [${n.optional.map((o) => `'${o}'`).join(', ')}] }` : '';
  return `obj({
${lines.join('\n')}
${pad}}${opt})`;
}
const camel = (method: string, p: string) =>
  method + p.split('/').filter(Boolean).map((seg) => (seg.startsWith(':') ? 'By' + seg[1].toUpperCase() + seg.slice(2) : seg.split(/[^A-Za-z0-9]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(''))).join('') || 'Root';
const byArea = new Map<string, { consts: Map<string, string>; names: Map<string, string>; edits: Map<string, { pos: number; text: string }[]> }>();
for (const f of cfg.fileNames.filter((f) => f.includes('/api/modules/') && f.includes(areaFilter))) {
  const sf = program.getSourceFile(f)!;
  const area = path.relative(path.join(root, 'api/modules'), f).split('/')[0];
  const entry = byArea.get(area) ?? { consts: new Map(), names: new Map(), edits: new Map() };
  byArea.set(area, entry);
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && n.expression.getText() === 'endpoint' && n.arguments.length === 2 && ts.isObjectLiteralExpression(n.arguments[0])) {
      const spec = n.arguments[0];
      const props = new Map(spec.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(), p.initializer.getText()]));
      if (props.has('result') || props.has('answer')) return;
      const method = (props.get('method') ?? '').replace(/'/g, '');
      const p = (props.get('path') ?? '').replace(/'/g, '');
      if (!method || !p.startsWith('/')) return;
      const handlerType = checker.getTypeAtLocation(n.arguments[1]);
      const ret = checker.getReturnTypeOfSignature(handlerType.getCallSignatures()[0]);
      const awaited = checker.getAwaitedType(ret) ?? ret;
      const code = format(schemaOf(awaited, '', 0), 0);
      let name = entry.names.get(code);
      if (!name) {
        name = camel(method, p);
        entry.consts.set(name, code);
        entry.names.set(code, name);
      }
      const pathProp = spec.properties.find((q) => q.name?.getText() === 'path')!;
      const edits = entry.edits.get(f) ?? [];
      const multiLine = spec.getText().includes('\n');
      const indent = multiLine ? ' '.repeat(pathProp.getStart() - sf.getLineAndCharacterOfPosition(pathProp.getStart()).character >= 0 ? sf.getLineAndCharacterOfPosition(pathProp.getStart()).character : 6) : '';
      edits.push({ pos: pathProp.getEnd(), text: multiLine ? `,\n${indent}result: answers.${name}` : `, result: answers.${name}` });
      entry.edits.set(f, edits);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
for (const [area, { consts, edits }] of byArea) {
  if (!consts.size) continue;
  const file = path.join(root, 'api/modules', area, 'answers.ts');
  const all = [...consts.values()].join('\n');
  const names = [...used].sort().filter((b) => new RegExp(`\\b${b}\\b`).test(all));
  let out = `import { ${names.join(', ')} } from '../../http/answer-schemas';\n\n/**\n * The answers of the ${area} endpoints (their \`result\`), as the API document shows them and the tests check them\n * (docs/architecture.md, "Where to add", an endpoint's answer).\n */\n`;
  for (const [name, code] of consts) out += `\nexport const ${name} = ${code};\n`;
  fs.writeFileSync(file, out);
  for (const [f, list] of edits) {
    let src = fs.readFileSync(f, 'utf8');
    for (const e of list.sort((a, b) => b.pos - a.pos)) src = src.slice(0, e.pos) + e.text + src.slice(e.pos);
    const rel = path.relative(path.dirname(f), file).replace(/\.ts$/, '');
    const imp = `import * as answers from '${rel.startsWith('.') ? rel : './' + rel}';\n`;
    const lastImport = [...src.matchAll(/^import [\s\S]*?from '[^']+';\n/gm)].pop();
    const at = lastImport ? lastImport.index! + lastImport[0].length : 0;
    src = src.slice(0, at) + imp + src.slice(at);
    fs.writeFileSync(f, src);
  }
  console.log(area, consts.size, [...edits.values()].reduce((a, l) => a + l.length, 0));
}
