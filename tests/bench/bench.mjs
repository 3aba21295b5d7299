#!/usr/bin/env node
// The benchmark for "Speed: the fastest pooling in the browser". `npm run bench` at the root
// (never part of `npm test`). Times our core against TensorFlow.js (WASM backend) and ONNX
// Runtime Web in Node, one thread each, on the workloads of workloads.mjs; adds our kernels
// inside the WASM heap and natively (Google Benchmark); checks every result's checksum
// against ours; prints the core's download size and the issue's targets. See README.md.
//
//   node tests/bench/bench.mjs [--rounds 7] [--round-ms 100] [--only A,B] [--no-native]
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

import {
  formatGBs, formatKB, formatPercent, formatRatio, formatRelative, formatTable, formatTime, verdict,
} from './format.mjs';
import { COPY_BYTES, loadHeapBench } from './heap.mjs';
import { runNativeBench } from './native.mjs';
import { loadOurs } from './ours.mjs';
import {
  buildHeapBench, buildNativeBench, CORE_DIR, ensureDependencies, findCore, log, ROOT,
} from './setup.mjs';
import { machinePace, paceLine, timeInterleaved } from './timing.mjs';
import {
  bytesMoved, count, poolOptions, randomValues, sum, toNHWC, WORKLOADS,
} from './workloads.mjs';

const SIZE_TARGET_BYTES = 40 * 1024;
const OTHERS = ['tfjs-wasm', 'ort-web'];

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    'round-ms': { type: 'string', default: '100' },
    only: { type: 'string' },
    'no-native': { type: 'boolean', default: false },
  },
});
const timing = { rounds: Number(flags.rounds), roundMs: Number(flags['round-ms']) };
const only = flags.only?.split(',');
const workloads = WORKLOADS.filter((w) => !only || only.includes(w.id));

// ---- Measuring ---------------------------------------------------------------------------

const SAME_BYTES_COPY = 'memcpy, same bytes';

// One workload: every implementation's time per call and checksum, or why it has none; and,
// with the bench module, a memcpy moving as many bytes as the kernel (the same cache level).
async function benchWorkload(workload, { ours, heap, others }) {
  const implementations = [ours, heap, ...others].filter(Boolean);
  const outputShape = ours.core.pool2dOutputShape(workload.shape, poolOptions(workload));
  const readShape = workload.op === 'avgBackward' ? outputShape : workload.shape;
  const input = randomValues(count(readShape));
  const data = { input, inputNHWC: toNHWC(input, readShape), outputShape };

  const row = { workload, bytesMoved: bytesMoved(workload, outputShape), results: {} };
  const cases = {};
  for (const implementation of implementations) {
    const prepared = await implementation.prepare(workload, data);
    if (prepared.unavailable) {
      row.results[implementation.name] = { unavailable: prepared.unavailable };
    } else {
      cases[implementation.name] = prepared;
    }
  }
  row.kernel = ours.kernelName(workload);
  const heapKernel = cases['ours in heap']?.kernel;
  if (heapKernel && heapKernel !== row.kernel) {
    log(`warning: ${workload.id}: the API ran ${row.kernel} but the bench module ran ${heapKernel}; is build/wasm/pool stale?`);
  }

  const checksums = {};
  for (const [name, prepared] of Object.entries(cases)) {
    const output = await prepared.run();
    checksums[name] = prepared.checksum ? prepared.checksum() : sum(output);
  }
  if (heap) cases[SAME_BYTES_COPY] = heap.prepareMemcpy(row.bytesMoved / 2);
  const seconds = await timeInterleaved(cases, timing);
  for (const [name, prepared] of Object.entries(cases)) {
    prepared.dispose?.();
    row.results[name] = { seconds: seconds[name], checksum: checksums[name] };
  }
  log(`${workload.id}: ${Object.entries(seconds).map(([name, s]) => `${name} ${formatTime(s)}`).join(', ')}`);
  return row;
}

async function memcpyBandwidth(heap) {
  const copy = heap.prepareMemcpy();
  const { memcpy } = await timeInterleaved({ memcpy: copy }, timing);
  copy.dispose();
  return (2 * COPY_BYTES) / memcpy;  // bytes read + bytes written
}

function coreSizes() {
  return ['pool_core.wasm', 'pool_core.mjs'].map((name) => {
    const bytes = readFileSync(join(CORE_DIR, name));
    return { name, bytes: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
  });
}

// ---- Reporting ---------------------------------------------------------------------------

function cpuModel() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
    if (line) return line.split(':')[1].trim();
  } catch { /* not Linux */ }
  return os.cpus()[0]?.model ?? 'unknown';
}

// ", L3 cache 32 MiB" where Linux tells.
function l3Note() {
  try {
    const kib = parseInt(readFileSync('/sys/devices/system/cpu/cpu0/cache/index3/size', 'utf8'), 10);
    return Number.isFinite(kib) ? `, L3 cache ${kib >= 1024 ? `${kib / 1024} MiB` : `${kib} KiB`}` : '';
  } catch {
    return '';
  }
}

function commandLine() {
  const direct = ['node', relative(ROOT, process.argv[1]), ...process.argv.slice(2)].join(' ');
  return process.env.npm_lifecycle_event === 'bench' ? `npm run bench  (${direct})` : direct;
}

function header(startedAt, loadAtStart, paceAtStart, versions) {
  const load = (value) => value.toFixed(2);
  return [
    '# Pooling benchmark',
    '',
    `date      ${startedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `command   ${commandLine()}`,
    `node      ${process.version}, one thread for every implementation`,
    `cpu       ${cpuModel()}, ${os.cpus().length} logical CPUs${l3Note()}`,
    `load      1-minute load average ${load(loadAtStart)} at the start, ${load(os.loadavg()[0])} at the end`,
    `pace      ${paceLine(paceAtStart)}`,
    `versions  ${versions.join(', ')}`,
    `method    median of ${timing.rounds} rounds, each >= ${timing.roundMs} ms of calls; the cases of a`,
    '          workload take turns round by round, so each ratio comes from the same minutes',
  ].join('\n');
}

// The faster of the other libraries, or null when none can run the workload.
function fastestOther(row) {
  const times = OTHERS.map((name) => row.results[name]?.seconds).filter(Number.isFinite);
  return times.length ? Math.min(...times) : null;
}

function timeCell(result) {
  if (!result) return '-';
  return result.unavailable ? 'n/a' : formatTime(result.seconds);
}

function speedTable(rows, targets) {
  const lines = rows.map(({ workload, results }) => {
    const ours = results.ours.seconds;
    const other = fastestOther({ results });
    const ratio = other ? other / ours : NaN;
    let target = '';
    let met = null;
    if (workload.target.maxSeconds) {
      target = `< ${formatTime(workload.target.maxSeconds)}`;
      met = ours < workload.target.maxSeconds;
    } else if (workload.target.speedup && other) {
      target = `>= ${formatRatio(workload.target.speedup)}`;
      met = ratio >= workload.target.speedup;
    }
    if (met !== null) targets.push({ what: `${workload.id} ${target}`, met });
    return [workload.id, workload.title, formatTime(ours), timeCell(results['tfjs-wasm']),
      timeCell(results['ort-web']), formatRatio(ratio), target, met === null ? '' : verdict(met)];
  });
  return formatTable(['id', 'workload', 'ours', 'tfjs-wasm', 'ort-web', 'other/ours', 'target', ''], lines);
}

function unavailableNotes(rows) {
  const notes = [];
  for (const { workload, results } of rows) {
    for (const [name, result] of Object.entries(results)) {
      if (result.unavailable) notes.push(`  ${workload.id} ${name}: n/a, ${result.unavailable}`);
    }
  }
  return notes.join('\n');
}

const rateOf = (bytes, seconds) => (Number.isFinite(seconds) && seconds > 0 ? bytes / seconds : NaN);
const percentCell = (share) => (Number.isFinite(share) ? formatPercent(share) : '-');
const rateCell = (rate) => (Number.isFinite(rate) ? formatGBs(rate) : '-');

function heapTable(rows, largeCopy, targets) {
  const lines = rows.map(({ workload, results, bytesMoved: bytes, kernel }) => {
    const api = results.ours.seconds;
    const heapSeconds = results['ours in heap']?.seconds;
    const rate = rateOf(bytes, heapSeconds);
    const sameBytesRate = rateOf(bytes, results[SAME_BYTES_COPY]?.seconds);
    let target = '';
    const wanted = workload.target.heapShareOfMemcpy;
    if (wanted && Number.isFinite(rate / largeCopy)) {
      const met = rate / largeCopy >= wanted;
      target = `>= ${formatPercent(wanted)}: ${verdict(met)}`;
      targets.push({ what: `${workload.id} in the heap >= ${formatPercent(wanted)} of 64 MB memcpy`, met });
    }
    return [workload.id, kernel, formatTime(api), heapSeconds ? formatTime(heapSeconds) : 'n/a',
      heapSeconds ? formatPercent(1 - heapSeconds / api) : '-', rateCell(rate),
      percentCell(rate / largeCopy), percentCell(rate / sameBytesRate), target];
  });
  return formatTable(
    ['id', 'kernel', 'API', 'in heap', 'API outside kernel', 'GB/s', 'of memcpy 64 MB', 'of memcpy same bytes', 'target'],
    [...lines, ['memcpy', '64 MB', '', '', '', rateCell(largeCopy), percentCell(largeCopy / largeCopy), '', '']]);
}

function nativeTable(rows, native) {
  const largeCopy = native.get('memcpy')?.bytesPerSecond;
  const lines = rows.map(({ workload, results }) => {
    const run = native.get(workload.id);
    if (!run) return [workload.id, 'n/a'];
    const sameBytes = native.get(`${workload.id}-memcpy`)?.bytesPerSecond;
    const heapSeconds = results['ours in heap']?.seconds;
    return [workload.id, run.kernel, formatTime(run.seconds), rateCell(run.bytesPerSecond),
      percentCell(run.bytesPerSecond / largeCopy), percentCell(run.bytesPerSecond / sameBytes),
      heapSeconds ? formatRatio(heapSeconds / run.seconds) : '-'];
  });
  return formatTable(
    ['id', 'kernel', 'native', 'GB/s', 'of memcpy 64 MB', 'of memcpy same bytes', 'WASM heap / native'],
    [...lines, ['memcpy', '64 MB', formatTime(native.get('memcpy')?.seconds), rateCell(largeCopy), '100%', '', '']]);
}

function checksumTable(rows) {
  const names = ['ours in heap', ...OTHERS];
  const lines = rows.map(({ workload, results }) => {
    const reference = results.ours.checksum;
    const cells = names.map((name) => {
      const result = results[name];
      if (!result || result.unavailable) return 'n/a';
      return formatRelative(Math.abs(result.checksum - reference) / Math.abs(reference));
    });
    return [workload.id, reference.toPrecision(10), ...cells];
  });
  return formatTable(['id', 'ours: sum', ...names], lines, 1);
}

function sizeLines(sizes, targets) {
  const total = sizes.reduce((a, s) => a + s.gzipped, 0);
  const met = total <= SIZE_TARGET_BYTES;
  targets.push({ what: `core .wasm + glue <= ${formatKB(SIZE_TARGET_BYTES)} gzipped`, met });
  return [
    ...sizes.map((s) => `  ${s.name.padEnd(15)} ${String(s.bytes).padStart(7)} B  -> ${formatKB(s.gzipped).padStart(8)} gzipped`),
    `  ${'sum'.padEnd(15)} ${String(sizes.reduce((a, s) => a + s.bytes, 0)).padStart(7)} B  -> ${formatKB(total).padStart(8)} gzipped   target <= ${formatKB(SIZE_TARGET_BYTES)}: ${verdict(met)}`,
  ].join('\n');
}

// ---- Main --------------------------------------------------------------------------------

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0];  // other work on the machine skews every number
  const paceAtStart = machinePace();  // and so does a host that runs this VM slower for a while
  const unknownIds = (only ?? []).filter((id) => !WORKLOADS.some((w) => w.id === id));
  if (unknownIds.length) {
    throw new Error(`--only: no workload ${unknownIds.join(', ')}; the ids are ${WORKLOADS.map((w) => w.id).join(', ')}`);
  }
  ensureDependencies();
  const core = findCore();
  if (core.warning) log(`warning: ${core.warning}`);
  const heapBuild = buildHeapBench();
  const nativeBuild = flags['no-native'] ? { unavailable: 'skipped (--no-native)' } : buildNativeBench();

  // Loaded only now: their packages may have just been installed.
  const { loadTfjs } = await import('./tfjs.mjs');
  const { loadOrt } = await import('./ort.mjs');
  const ours = await loadOurs(core.entry);
  const heap = heapBuild.dir ? await loadHeapBench(heapBuild.dir) : null;
  const tfjs = await loadTfjs();
  const ort = await loadOrt();

  const rows = [];
  for (const workload of workloads) rows.push(await benchWorkload(workload, { ours, heap, others: [tfjs, ort] }));
  const wasmCopy = heap ? await memcpyBandwidth(heap) : NaN;
  log(`memcpy of 64 MB in WASM: ${formatGBs(wasmCopy)}`);
  let native = null;
  if (nativeBuild.binary) {
    log('running the native benchmark');
    native = runNativeBench(nativeBuild.binary, {
      rounds: timing.rounds, minRoundSeconds: timing.roundMs / 1000, ids: workloads.map((w) => w.id),
    });
  }

  const targets = [];
  const report = [
    header(startedAt, loadAtStart, paceAtStart, [`@tensorflow/tfjs-core ${tfjs.version} + tfjs-backend-wasm`, `onnxruntime-web ${ort.version}`]),
    core.warning ? `\nwarning   ${core.warning}` : '',
    '\n## Time per call through each library\'s public JS API (input copied in, result copied out)\n',
    speedTable(rows, targets),
    '\nother/ours: the faster of tfjs-wasm and ort-web over ours. tfjs-wasm is given NHWC input',
    '(transposed once, outside the timing); ort-web and ours NCHW. B-max and C-max ask every',
    'library for the values alone (ours: returnIndices: false); the -idx rows time ours with',
    'PyTorch\'s indices against tf.maxPoolWithArgmax (values and NHWC-flat indices, both read',
    'back; ORT Web\'s MaxPool is timed for values only).',
    unavailableNotes(rows),
    '\n## Ours inside the WASM heap: the kernel alone, on data already there\n',
    heap ? heapTable(rows, wasmCopy, targets) : `n/a: ${heapBuild.unavailable}`,
    '\nThe bench-only module (wasm/heap_bench.cpp) is the core\'s sources built with the core\'s',
    'flags. API outside kernel: the share of an API call spent on copies, checks and allocation.',
    'GB/s = (bytes read + bytes written) / time, 1 GB = 1e9 B; max pooling\'s int32 indices',
    'count as output; memcpy counts its read and its write. The 64 MB copy runs from memory;',
    'the same-bytes copy moves what the kernel moves, so it works in the same cache level: a',
    'kernel whose data fits the cache can beat the 64 MB copy.',
    '\n## Ours natively: Google Benchmark on the same kernels (tests/bench/native)\n',
    native ? nativeTable(rows, native) : `n/a: ${nativeBuild.unavailable}`,
    native ? '\nThe native program runs after the WASM cases, not in turn with them: its ratio to them\nis only as steady as the machine\'s load.' : '',
    '\n## Checksums: sum of each output, and its relative difference from ours\n',
    checksumTable(rows),
    '\n## Download size of the core (gzip level 9, 1 KB = 1024 B)\n',
    sizeLines(coreSizes(), targets),
    '\n## Targets (a measurement, not a test: a MISS does not fail the run)\n',
    ...targets.map((t) => `  ${verdict(t.met)}  ${t.what}`),
    `\n${targets.filter((t) => t.met).length} of ${targets.length} targets met.`,
  ];
  process.stdout.write(`${report.filter((part) => part !== '').join('\n')}\n`);
}

main().catch((error) => {
  log(`\n${error.message}`);
  process.exitCode = 1;
});
