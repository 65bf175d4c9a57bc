/**
 * @module test-support/redis
 * Real Redis for the rate-limit tests. The shared one (127.0.0.1:6379, which
 * `.ci/run` starts) is asked with a PING; when it does not answer (a
 * newcomer's laptop) those tests skip, saying why. Each test run takes a key
 * prefix of its own, so runs never see each other's windows.
 *
 * Tests that stop Redis never touch the shared one: they spawn a throwaway
 * `redis-server` (no persistence) on a free port, which they can kill,
 * pause (SIGSTOP: a Redis that hangs) and start again on the same port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';

export const SHARED_REDIS_URL = 'redis://127.0.0.1:6379';

export interface ServiceCheck {
  present: boolean;
  /** For a describe/it title: "needs Redis at ...", with why it is missing. */
  reason: string;
}

/** Sends PING to host:port; true on +PONG within `timeoutMs`. */
export function redisAnswers(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let reply = '';
    const done = (answered: boolean) => { socket.destroy(); resolve(answered); };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.setEncoding('utf8').on('data', (d: string) => {
      reply += d;
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/** Whether the shared Redis answers, and the skip reason when it does not. */
export async function sharedRedis(): Promise<ServiceCheck> {
  const { hostname, port } = new URL(SHARED_REDIS_URL);
  const present = await redisAnswers(Number(port), hostname);
  return { present, reason: `needs Redis at ${hostname}:${port}${present ? '' : ' (not answering; .ci/run starts it)'}` };
}

/** Whether redis-server can be spawned for the throwaway instances. */
export function redisServerInstalled(): ServiceCheck {
  const present = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  return { present, reason: `needs redis-server${present ? '' : ' (not installed: apt-get install redis-server)'}` };
}

/** A key prefix no other test run uses. */
export function uniqueKeyPrefix(): string {
  return `quarry-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
}

/** A port that was free a moment ago (the kernel's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ThrowawayRedis {
  port: number;
  url: string;
  /** SIGKILL, as a crash; resolves once the process is gone. */
  kill: () => Promise<void>;
  /** Starts redis-server again on the same port (empty: nothing is persisted). */
  restart: () => Promise<void>;
  /** SIGSTOP / SIGCONT: the connection stays open but nothing answers, as when Redis hangs. */
  pause: () => void;
  resume: () => void;
  stop: () => Promise<void>;
}

/** Spawns `redis-server` on a free 127.0.0.1 port and waits until it answers PING. */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { stdio: 'ignore' });
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await redisAnswers(port, '127.0.0.1', 200))) {
      if (started.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port} (exit code ${started.exitCode})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    port, url: `redis://127.0.0.1:${port}`, kill,
    restart: async () => { await kill(); await start(); },
    pause: () => { child?.kill('SIGSTOP'); },
    resume: () => { child?.kill('SIGCONT'); },
    stop: kill,
  };
}
