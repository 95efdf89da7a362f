import ts from 'typescript';
import path from 'node:path';
const root = '/work/wt/i28';
const cfg = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
const filter = process.argv[2] ?? '';
const files = cfg.fileNames.filter((f) => f.includes('/api/modules/') && f.includes(filter));
const program = ts.createProgram(cfg.fileNames, cfg.options);
const checker = program.getTypeChecker();
function show(t: ts.Type, depth: number, seen: Set<ts.Type>): string {
  if (t.isUnion()) return t.types.map((u) => show(u, depth, seen)).join(' | ');
  const s = checker.typeToString(t);
  if (t.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return s;
  if (s === 'Date') return 'Date';
  if (checker.isArrayType(t)) return `Array<${show(checker.getTypeArguments(t as ts.TypeReference)[0], depth, seen)}>`;
  if (depth > 5 || seen.has(t)) return s;
  const props = checker.getPropertiesOfType(t);
  if (!props.length) return s;
  const str = props.map((p) => {
    const pt = checker.getTypeOfSymbol(p);
    const opt = p.flags & ts.SymbolFlags.Optional ? '?' : '';
    return `${p.name}${opt}: ${show(pt, depth + 1, new Set([...seen, t]))}`;
  });
  return `{ ${str.join('; ')} }`;
}
for (const f of files) {
  const sf = program.getSourceFile(f)!;
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && n.expression.getText() === 'endpoint' && n.arguments.length === 2) {
      const spec = n.arguments[0].getText().match(/method: '(\w+)'[\s\S]*?path: ('[^']+'|`[^`]+`)/);
      const sig = checker.getResolvedSignature(n)!;
      const handlerType = checker.getTypeAtLocation(n.arguments[1]);
      const callSig = handlerType.getCallSignatures()[0];
      let ret = checker.getReturnTypeOfSignature(callSig);
      const awaited = checker.getAwaitedType(ret) ?? ret;
      console.log(`### ${spec?.[1]} ${spec?.[2]}  (${path.relative(root, f)})\n${show(awaited, 0, new Set())}\n`);
      void sig;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
