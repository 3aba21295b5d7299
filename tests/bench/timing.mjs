// Timing: each case runs enough calls to fill a round of at least `roundMs`; rounds of all
// the cases of a workload interleave (case 1, case 2, ..., then again), so a burst of load on
// the machine hits every case alike and the ratios between them hold. A case's time is the
// median of its rounds.

/**
 * The median of the finite values (the mean of the middle two for an even count); null when
 * there are none. Every script here reports its medians with it.
 */
export function median(values) {
  const sorted = Array.from(values).filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// Milliseconds for `calls` calls. Synchronous runs are not awaited: an await per call would
// add a microtask to every call of a 100-nanosecond operation.
async function timeCalls(testCase, calls) {
  const start = performance.now();
  if (testCase.isAsync) {
    for (let i = 0; i < calls; i++) await testCase.run();
  } else {
    for (let i = 0; i < calls; i++) testCase.run();
  }
  return performance.now() - start;
}

// Warms a case up and finds how many calls fill a round.
async function calibrate(testCase, roundMs) {
  testCase.isAsync = testCase.run() instanceof Promise;
  if (testCase.isAsync) await testCase.run();
  let calls = 1;
  let elapsed = await timeCalls(testCase, calls);
  while (elapsed < roundMs / 4) {
    calls = Math.ceil(calls * Math.min(16, (roundMs / 2) / Math.max(elapsed, 0.001)));
    elapsed = await timeCalls(testCase, calls);
  }
  // A tenth more than the estimate, so rounds stay above roundMs.
  return Math.max(1, Math.ceil((1.1 * calls * roundMs) / elapsed));
}

/**
 * cases: { name: { run } }. Returns { name: seconds per call (median) }.
 */
export async function timeInterleaved(cases, { rounds, roundMs }) {
  const names = Object.keys(cases);
  const calls = {};
  for (const name of names) calls[name] = await calibrate(cases[name], roundMs);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      samples[name].push((await timeCalls(cases[name], calls[name])) / calls[name] / 1000);
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(samples[name])]));
}

/**
 * How fast the machine is right now: the median time, in ms, of five runs of one fixed loop
 * of integer and floating-point work on one thread (after three that warm the JIT up). A
 * virtual machine shared with others can run the same code at half speed for a while, which the
 * load average does not show and this is meant to. Every bench script prints it at its start and end
 * (paceLine), so two reports can be told apart.
 */
export function machinePace() {
  const runs = [];
  for (let run = 0; run < 8; run++) {
    const start = performance.now();
    const sum = paceLoop(4_000_000);
    if (!Number.isFinite(sum)) throw new Error('the pace loop lost its result');
    if (run >= 3) runs.push(performance.now() - start);
  }
  return median(runs);
}

/** "13.1 ms at the start, 13.4 ms at the end (...)": the pace then, measured again now. */
export function paceLine(paceAtStart) {
  return `${paceAtStart.toFixed(1)} ms at the start, ${machinePace().toFixed(1)} ms at the end (timing.mjs, machinePace: lower is faster)`;
}

function paceLoop(count) {
  let state = 0x9e3779b9;
  let sum = 0;
  for (let i = 0; i < count; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    sum += Math.sqrt((state >>> 0) + i);
  }
  return sum;
}
