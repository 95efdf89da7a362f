export default {
  files: ['test/restore-drill/*.drill.ts'],
  extensions: { ts: 'commonjs' },
  nodeArguments: ['--import=tsx'],
  workerThreads: false,
  timeout: '120s',
};
