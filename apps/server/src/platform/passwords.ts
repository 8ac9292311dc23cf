import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { containsAccountName, MESSAGES, PASSWORD_MESSAGES, passesPasswordRules } from '@arc/contract';
import { isCommonPassword } from './common-passwords.ts';
import { cgroupCpuQuota, cpuLimitCores } from './cpu-limit.ts';
import { AppError } from './errors.ts';

/** argon2id with 19 MiB, 2 passes, 1 lane (docs/decisions/passwords-and-sign-in.md). */
interface Argon2Params {
  memory: number;
  passes: number;
  parallelism: number;
  tagLength: number;
}
const PARAMS: Argon2Params = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };

/**
 * Where the hashes run (docs/operations.md, "Replicas with CPU limits"). A hash is ~25 ms of CPU. On the libuv pool
 * (4 threads) under a container's CPU limit, a few sign-ins at once spent the period's quota in a fraction of it and
 * every thread of the process, the event loop's included, waited for the next period: every call stalled behind
 * the sign-ins. So the hashes run on worker threads of their own, at a lower priority under a CPU limit (nice 10,
 * each worker's own thread: `passwordHashNice`): inside the quota the event loop runs first whenever it has work and
 * the hashes take what it leaves; the pool keeps to file and compression work. As many workers as the cores of the
 * CPU limit (rounded down, at least one; `PASSWORD_HASH_CONCURRENCY`); a hash waits its turn for a free one.
 */
// getBuiltinModule, not require: an evaluated worker is an ES module when the process runs with --input-type=module
const WORKER_SOURCE = `
const { parentPort } = process.getBuiltinModule('node:worker_threads');
const { argon2Sync } = process.getBuiltinModule('node:crypto');
const os = process.getBuiltinModule('node:os');
let niceNow = 0;
parentPort.on('message', ({ id, params, nice }) => {
  if (nice !== niceNow) {
    try { os.setPriority(nice); niceNow = nice; } catch {}
  }
  try { parentPort.postMessage({ id, hash: argon2Sync('argon2id', params) }); }
  catch (err) { parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) }); }
});`;

interface HashWorker {
  worker: Worker;
  /** it failed or stopped: never handed out again */
  isDead: boolean;
  pending: Map<number, { resolve: (hash: Buffer) => void; reject: (err: Error) => void }>;
}

let hashSlots: number | undefined;
let workersStarted = 0;
let nextJob = 0;
const idleWorkers: HashWorker[] = [];
const waitingForWorker: Array<(worker: HashWorker) => void> = [];

/** `PASSWORD_HASH_CONCURRENCY`, or the cores of the CPU limit (rounded down, at least one) */
export function setPasswordHashConcurrency(slots: number): void {
  hashSlots = Math.max(1, Math.floor(slots));
}
export const passwordHashConcurrency = (): number => (hashSlots ??= Math.max(1, Math.floor(cpuLimitCores())));

/**
 * The hash threads' nice value: 10 under a CPU limit, where the threads that compete with them are the process's
 * own (the event loop gets about nine tenths of the quota when both want it); 0 without one, where a lower priority
 * would also yield to every other process of the host (PostgreSQL on the same machine) and starve the sign-ins.
 */
let hashNice: number | undefined;
export const passwordHashNice = (): number => (hashNice ??= cgroupCpuQuota() === null ? 0 : 10);
/** for the tests: the next hashes run at this nice value */
export function setPasswordHashNice(nice: number): void {
  hashNice = nice;
}

function startHashWorker(): HashWorker {
  const hashWorker: HashWorker = {
    worker: new Worker(WORKER_SOURCE, { eval: true }),
    isDead: false,
    pending: new Map(),
  };
  const { worker, pending } = hashWorker;
  worker.unref(); // a waiting worker never keeps the process alive
  worker.on('message', ({ id, hash, error }: { id: number; hash?: Uint8Array; error?: string }) => {
    const job = pending.get(id);
    pending.delete(id);
    if (hash) job?.resolve(Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength));
    else job?.reject(new Error(error ?? 'the password hash failed'));
  });
  worker.on('error', (err) => {
    hashWorker.isDead = true;
    for (const job of pending.values()) job.reject(err);
    pending.clear();
  });
  worker.on('exit', () => {
    // a worker that stopped is replaced by the next hash that needs one
    hashWorker.isDead = true;
    workersStarted -= 1;
    const at = idleWorkers.indexOf(hashWorker);
    if (at >= 0) idleWorkers.splice(at, 1);
    for (const job of pending.values()) job.reject(new Error('the password hash worker stopped'));
    pending.clear();
  });
  workersStarted += 1;
  return hashWorker;
}

async function takeWorker(): Promise<HashWorker> {
  const idle = idleWorkers.pop();
  if (idle) return idle;
  if (workersStarted < passwordHashConcurrency()) return startHashWorker();
  return new Promise((resolve) => waitingForWorker.push(resolve));
}

function releaseWorker(hashWorker: HashWorker): void {
  const next = waitingForWorker.shift();
  if (hashWorker.isDead) {
    // the next in line gets a fresh worker in its place
    if (next) next(startHashWorker());
    return;
  }
  if (next) next(hashWorker);
  else idleWorkers.push(hashWorker);
}

async function derive(password: string, nonce: Buffer, params: Argon2Params): Promise<Buffer> {
  const hashWorker = await takeWorker();
  const id = (nextJob += 1);
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      hashWorker.pending.set(id, { resolve, reject });
      hashWorker.worker.postMessage({
        id,
        nice: passwordHashNice(),
        params: { message: Buffer.from(password, 'utf8'), nonce, ...params },
      });
    });
  } finally {
    releaseWorker(hashWorker);
  }
}

/** PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash> */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await derive(password, nonce, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${nonce.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(phc);
  if (!match) return false;
  const [, m, t, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
  const expectedBuf = Buffer.from(expected, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expectedBuf.length,
  });
  return actual.length === expectedBuf.length && timingSafeEqual(actual, expectedBuf);
}

/** The spec's rules, then the common-password and own-name checks of docs/decisions/passwords-and-sign-in.md. */
export async function checkNewPassword(
  password: string,
  agent: { username: string | null; npn: string },
): Promise<void> {
  if (!passesPasswordRules(password)) throw new AppError('BAD_REQUEST', MESSAGES.passwordCriteria);
  if (await isCommonPassword(password)) throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.common);
  if (containsAccountName(password, [agent.username, agent.npn])) {
    throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.containsAccount);
  }
}
