/**
 * The job queue across a network: TLS to Redis (a rediss:// URL with --queue-ca, --queue-cert,
 * --queue-key) and credentials that no output ever shows. The tests make their own certificates
 * with `openssl` (a CA, a server certificate for 127.0.0.1, a client certificate it signed, and a
 * client certificate of another CA) and start `redis-server` on free loopback ports: one with TLS,
 * one with TLS asking for a client certificate, one plain with a password. A tournament through
 * TLS gives the summary of a local run; every way of getting TLS or the password wrong ends in one
 * line saying what to do. Skipped, with a message, without redis-server or openssl.
 *
 * Needs the built CLI (`npm run build`; `npm test` builds first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';
import { freePort } from './support/free-port.js';
import { cluedoChild, MAIN, QUEUE_ENV, summaryText, until, type CliChild } from './support/cluedo-cli.js';
import { quote } from '../src/model/quote.js';
import { parseRedisUrl, printableUrl } from '../src/queue/queue.js';
import { InputError } from '../src/model/errors.js';

const HAVE_REDIS = spawnSync('redis-server', ['--version']).status === 0;
const HAVE_OPENSSL = spawnSync('openssl', ['version']).status === 0;
if (!HAVE_REDIS) console.warn('test/queue-tls.slow.test.ts: redis-server is not installed (apt-get install redis-server): the queue tests against Redis are skipped');
if (!HAVE_OPENSSL) console.warn('test/queue-tls.slow.test.ts: openssl is not installed (apt-get install openssl): the TLS tests, which make their own certificates, are skipped');

type Run = CliChild;
/** A command against the tests' Redis: it may take up to a minute to connect (QUEUE_ENV). */
const cluedo = (args: string[]): Run => cluedoChild(args, { env: QUEUE_ENV });

/** A command that must fail: its exit code and its only line on stderr (nothing on stdout). */
async function failure(args: string[]): Promise<{ code: number | null; line: string }> {
  const run = cluedo(args);
  const code = await run.exit;
  expect(run.stdout()).toBe('');
  expect(run.stderr()).toMatch(/^cluedo: [^\n]+\n$/);
  return { code, line: run.stderr().trimEnd() };
}

const GAMES = ['--agents', 'deductive', '--games', '12'];
const idOf = (run: Run) => /tournament (t[0-9a-f]{16}):/.exec(run.stderr())?.[1];

/** The summary of GAMES with `seed` played in one local process. */
function localSummary(dir: string, seed: number): string {
  const json = join(dir, `local-${seed}.json`);
  const run = spawnSync(process.execPath, [MAIN, 'simulate', ...GAMES, '--seed', String(seed), '--threads', '1', '--json', json], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return summaryText(json);
}

/** Starts redis-server with `args` and a client to it (`options`: its TLS), resolved once it answers. */
async function startRedis(args: string[], options: RedisOptions): Promise<{ server: ChildProcess; redis: Redis }> {
  const server = spawn('redis-server', [...args, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  let exited = false;
  server.on('exit', () => (exited = true));
  const redis = new Redis({ host: '127.0.0.1', retryStrategy: () => 50, maxRetriesPerRequest: null, ...options });
  redis.on('error', () => {});
  await until(async () => {
    if (exited) throw new Error(`redis-server ${args.join(' ')} exited (built without TLS?)`);
    return (await redis.ping().catch(() => '')) === 'PONG';
  });
  return { server, redis };
}

/** Runs openssl with `args` in `dir`; its output is for the test's failure only. */
function openssl(dir: string, args: string[]): void {
  const run = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${run.stderr}`);
}

/**
 * In `dir`: ca.crt (a CA), server.crt/.key (signed by it, for 127.0.0.1 and localhost), client.crt/.key
 * (signed by it) and client-encrypted.key (its key under a passphrase), other.crt/.key (a client
 * certificate of another CA, other-ca.crt).
 */
function makeCertificates(dir: string): void {
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const ca = (name: string) => openssl(dir, ['req', '-x509', ...key, '-keyout', `${name}.key`, '-out', `${name}.crt`, '-days', '2', '-subj', `/CN=cluedo test ${name}`]);
  const signed = (name: string, by: string, serial: number, extensions?: string) => {
    openssl(dir, ['req', ...key, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=cluedo test ${name}`]);
    const ext = extensions === undefined ? [] : (writeFileSync(join(dir, `${name}.ext`), `${extensions}\n`), ['-extfile', `${name}.ext`]);
    openssl(dir, ['x509', '-req', '-in', `${name}.csr`, '-CA', `${by}.crt`, '-CAkey', `${by}.key`, '-set_serial', String(serial), '-out', `${name}.crt`, '-days', '2', ...ext]);
  };
  ca('ca');
  ca('other-ca');
  signed('server', 'ca', 1, 'subjectAltName=IP:127.0.0.1,DNS:localhost');
  signed('client', 'ca', 2);
  signed('other', 'other-ca', 3);
  openssl(dir, ['pkey', '-in', 'client.key', '-aes256', '-passout', 'pass:cluedo', '-out', 'client-encrypted.key']);
}

describe('queue URLs are printed without their credentials', () => {
  it('printableUrl masks the user name and password, also of a URL that is refused', () => {
    expect(printableUrl('redis://127.0.0.1:6379/2')).toBe('redis://127.0.0.1:6379/2');
    expect(printableUrl('redis://:hunter2@127.0.0.1:6379')).toBe('redis://***@127.0.0.1:6379');
    expect(printableUrl('rediss://alice:hunter2@redis.example:6380/1')).toBe('rediss://***@redis.example:6380/1');
    expect(printableUrl('redis://:hun/ter@2@host:1')).toBe('redis://***@host:1');
    expect(printableUrl('alice:hunter2@host:6379')).toBe('***@host:6379');
    expect(printableUrl('redis://host:1?password=hunter2&db=1')).toBe('redis://host:1?password=***&db=***');
    expect(parseRedisUrl('rediss://:hunter2@127.0.0.1:6380/3')).toEqual({ host: '127.0.0.1', port: 6380, db: 3, password: 'hunter2', tls: {}, text: 'rediss://***@127.0.0.1:6380/3' });
    expect(parseRedisUrl('redis://alice:hunter2@localhost')).toEqual({ host: 'localhost', port: 6379, db: 0, username: 'alice', password: 'hunter2', text: 'redis://***@localhost' });
    for (const bad of ['redis://:hun/ter2@host:1', 'redis://:hunter2@host:1/x', 'redis://:hunter2@host:1?password=hunter2', 'http://:hunter2@host', 'redis://:%zz-hunter2@host']) {
      let refused: unknown;
      try {
        parseRedisUrl(bad);
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(InputError);
      expect(JSON.stringify({ ...(refused as InputError), message: (refused as InputError).message })).not.toMatch(/hun|ter2/);
    }
  });
});

describe('TLS options: mistakes on the command line exit 2, files that cannot be used exit 1, before any connection', () => {
  it('refuses the options without --queue, with a redis:// URL, and a certificate without its key', async () => {
    for (const [args, line] of [
      [['simulate', '--games', '4', '--queue-ca', 'ca.crt'], "cluedo: --queue-ca goes with --queue: it is a TLS setting of the queue's Redis (a rediss:// URL)"],
      [['simulate', '--games', '4', '--queue-key', 'client.key'], "cluedo: --queue-key goes with --queue: it is a TLS setting of the queue's Redis (a rediss:// URL)"],
      [['simulate', '--games', '4', '--queue', 'redis://127.0.0.1:1', '--queue-ca', 'ca.crt'], 'cluedo: --queue-ca goes with a rediss:// URL (TLS to Redis), not redis://127.0.0.1:1'],
      [['worker', '--queue', 'redis://:hunter2@127.0.0.1:1', '--queue-cert', 'c.crt', '--queue-key', 'c.key'], 'cluedo: --queue-cert goes with a rediss:// URL (TLS to Redis), not redis://***@127.0.0.1:1'],
      [['worker', '--queue', 'rediss://127.0.0.1:1', '--queue-cert', 'c.crt'], 'cluedo: --queue-cert goes with --queue-key: a client certificate needs its private key'],
      [['simulate', '--games', '4', '--queue', 'rediss://127.0.0.1:1', '--queue-key', 'c.key'], 'cluedo: --queue-key goes with --queue-cert: it is the private key of the client certificate'],
      [['worker', '--queue', 'rediss://127.0.0.1:1', '--queue-ca', ''], 'cluedo: --queue-ca needs a path, got ""'],
    ] as const) {
      expect(await failure([...args]), args.join(' ')).toEqual({ code: 2, line });
    }
  }, 60_000);

  it('names the option and the file that cannot be read, before connecting (nothing listens on port 1)', async () => {
    const missing = join(tmpdir(), `cluedo-no-such-ca-${process.pid}.crt`);
    for (const command of [['worker'], ['simulate', '--games', '4']]) {
      expect(await failure([...command, '--queue', 'rediss://127.0.0.1:1', '--queue-ca', missing])).toEqual({ code: 1, line: `cluedo: cannot read --queue-ca ${quote(missing)}: no such file` });
    }
    expect(await failure(['worker', '--queue', 'rediss://127.0.0.1:1', '--queue-cert', tmpdir(), '--queue-key', missing])).toEqual({
      code: 1,
      line: `cluedo: cannot read --queue-cert ${quote(tmpdir())}: it is a directory, not a regular file`,
    });
  }, 60_000);
});

describe.skipIf(!HAVE_REDIS || !HAVE_OPENSSL)('a tournament on the queue over TLS (rediss://, a real redis-server)', () => {
  let dir: string;
  let tls: { server: ChildProcess; redis: Redis; url: string };
  let mutual: { server: ChildProcess; redis: Redis; url: string };
  const file = (name: string) => join(dir, name);
  const clientFiles = () => ['--queue-ca', file('ca.crt'), '--queue-cert', file('client.crt'), '--queue-key', file('client.key')];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cluedo-queue-tls-'));
    makeCertificates(dir);
    const serverFiles = ['--port', '0', '--tls-cert-file', file('server.crt'), '--tls-key-file', file('server.key'), '--tls-ca-cert-file', file('ca.crt')];
    const ca = readFileSync(file('ca.crt'), 'utf8');
    const [tlsPort, mutualPort] = [await freePort(), await freePort()];
    tls = { ...(await startRedis([...serverFiles, '--tls-port', String(tlsPort), '--tls-auth-clients', 'no'], { port: tlsPort, tls: { ca } })), url: `rediss://127.0.0.1:${tlsPort}` };
    const client = { ca, cert: readFileSync(file('client.crt'), 'utf8'), key: readFileSync(file('client.key'), 'utf8') };
    mutual = { ...(await startRedis([...serverFiles, '--tls-port', String(mutualPort), '--tls-auth-clients', 'yes'], { port: mutualPort, tls: client })), url: `rediss://127.0.0.1:${mutualPort}` };
  }, 60_000);

  afterAll(() => {
    for (const s of [tls, mutual]) {
      s?.redis.disconnect();
      s?.server.kill('SIGTERM');
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a coordinator and a worker, both with a client certificate, give the summary of a local run; Redis holds no TLS material', async () => {
    const json = file('tls.json');
    const coordinator = cluedo(['simulate', ...GAMES, '--seed', '1', '--queue', mutual.url, ...clientFiles(), '--shards', '3', '--json', json]);
    await until(() => idOf(coordinator) !== undefined);
    const id = idOf(coordinator)!;
    // The line says how to start a worker: the TLS options it needs too, not this machine's paths.
    expect(coordinator.stderr()).toContain(`(cluedo worker --queue ${mutual.url} --queue-ca FILE --queue-cert FILE --queue-key FILE plays them; resume with --resume ${id})`);
    const worker = cluedo(['worker', '--queue', mutual.url, ...clientFiles(), '--threads', '1']);
    expect(await coordinator.exit, coordinator.stderr()).toBe(0);
    expect(await worker.exit, worker.stderr()).toBe(0);
    expect(coordinator.stdout()).toMatch(new RegExp(`^12 games in 3 shards, 6 players, seed 1, .*tournament ${id} on rediss://127\\.0\\.0\\.1:\\d+\\n`));
    expect(worker.stderr()).toMatch(/^worker on rediss:\/\/127\.0\.0\.1:\d+, 1 thread\n/);
    expect(summaryText(json)).toBe(localSummary(dir, 1));
    const spec = (await mutual.redis.get(`cluedo:tournament:${id}`))!;
    expect(Object.keys(JSON.parse(spec) as object).sort()).toEqual(['config', 'games', 'seed', 'shards']);
    expect(spec).not.toMatch(/BEGIN|PRIVATE|\.crt|\.key|cluedo-queue-tls-/);
  }, 120_000);

  it('a server certificate of a CA not trusted: one line saying to pass --queue-ca', async () => {
    const untrusted = await failure(['worker', '--queue', tls.url]);
    expect(untrusted.code).toBe(1);
    expect(untrusted.line).toMatch(new RegExp(`^cluedo: cannot reach Redis at ${tls.url}: the server's certificate is not signed by a CA you trust \\(.*\\): pass the certificate of the CA that signed it with --queue-ca$`));
    const otherCa = await failure(['simulate', ...GAMES, '--queue', tls.url, '--queue-ca', file('other-ca.crt')]);
    expect(otherCa.code).toBe(1);
    expect(otherCa.line).toMatch(/: the server's certificate is not signed by the CA of --queue-ca \(.*\): give --queue-ca the certificate of the CA that signed the server's$/);
  }, 60_000);

  it('a client certificate missing or of another CA: one line saying so', async () => {
    // The server's refusal arrives as a TLS alert or, in a race with the client's first write, as
    // a reset: both are explained.
    const none = await failure(['worker', '--queue', mutual.url, '--queue-ca', file('ca.crt')]);
    expect(none.code).toBe(1);
    expect(none.line).toMatch(new RegExp(`^cluedo: cannot reach Redis at ${mutual.url}: the server .*client certificate.*: pass --queue-cert and --queue-key`));
    const other = await failure(['worker', '--queue', mutual.url, '--queue-ca', file('ca.crt'), '--queue-cert', file('other.crt'), '--queue-key', file('other.key')]);
    expect(other.code).toBe(1);
    expect(other.line).toMatch(new RegExp(`^cluedo: cannot reach Redis at ${mutual.url}: the server .*(refused the client certificate of --queue-cert).*must be signed by a CA the server trusts`));
  }, 60_000);

  it('TLS on one end only, and files that do not fit: one line each', async () => {
    const plainUrl = tls.url.replace('rediss:', 'redis:');
    expect(await failure(['worker', '--queue', plainUrl])).toEqual({
      code: 1,
      line: `cluedo: cannot reach Redis at ${plainUrl}: the server closed the connection before answering: if it speaks TLS only, use a rediss:// URL`,
    });
    expect(await failure(['worker', '--queue', mutual.url, '--queue-ca', file('ca.crt'), '--queue-cert', file('client.crt'), '--queue-key', file('other.key')])).toEqual({
      code: 1,
      line: `cluedo: --queue-key ${quote(file('other.key'))} is not the private key of the certificate of --queue-cert ${quote(file('client.crt'))}`,
    });
    expect(await failure(['worker', '--queue', tls.url, '--queue-ca', file('ca.key')])).toEqual({
      code: 1,
      line: `cluedo: --queue-ca ${quote(file('ca.key'))} holds no certificate in PEM (a block from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----)`,
    });
    expect(await failure(['worker', '--queue', tls.url, '--queue-cert', file('client.crt'), '--queue-key', file('client.crt')])).toEqual({
      code: 1,
      line: `cluedo: --queue-key ${quote(file('client.crt'))} holds no private key in PEM (a block such as -----BEGIN PRIVATE KEY-----)`,
    });
    expect(await failure(['worker', '--queue', mutual.url, '--queue-cert', file('client.crt'), '--queue-key', file('client-encrypted.key')])).toEqual({
      code: 1,
      line: `cluedo: --queue-key ${quote(file('client-encrypted.key'))} is encrypted: give the key without its passphrase (openssl pkey -in KEY -out PLAIN-KEY)`,
    });
  }, 60_000);
});

describe.skipIf(!HAVE_REDIS)('a password in the URL is never printed (a real redis-server with --requirepass)', () => {
  const PASSWORD = `pw-${randomBytes(8).toString('hex')}`;
  const WRONG = `not-${randomBytes(8).toString('hex')}`;
  let dir: string;
  let server: ChildProcess;
  let redis: Redis;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cluedo-queue-password-'));
    port = await freePort();
    ({ server, redis } = await startRedis(['--port', String(port), '--requirepass', PASSWORD], { port, password: PASSWORD }));
  }, 30_000);

  afterAll(() => {
    redis?.disconnect();
    server?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** None of the texts (outputs, files, what Redis stores) holds the password, or the wrong one. */
  const expectNoPassword = (texts: string[]) => {
    for (const text of texts) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(WRONG);
    }
  };

  it('a tournament with the password in the URL: no output, report or stored spec holds it', async () => {
    const json = join(dir, 'queue.json');
    const report = join(dir, 'queue.html');
    const coordinator = cluedo(['simulate', ...GAMES, '--seed', '2', '--queue', `redis://:${PASSWORD}@127.0.0.1:${port}`, '--shards', '2', '--json', json, '--report', report]);
    await until(() => idOf(coordinator) !== undefined);
    const id = idOf(coordinator)!;
    // with a user name too: Redis's default user has the password of --requirepass
    const worker = cluedo(['worker', '--queue', `redis://default:${PASSWORD}@127.0.0.1:${port}/0`, '--threads', '1']);
    expect(await coordinator.exit, coordinator.stderr()).toBe(0);
    expect(await worker.exit, worker.stderr()).toBe(0);
    expect(coordinator.stderr()).toContain(`on redis://***@127.0.0.1:${port}; 0 stored, 2 enqueued (cluedo worker --queue redis://***@127.0.0.1:${port} plays them`);
    expect(coordinator.stdout()).toContain(`tournament ${id} on redis://***@127.0.0.1:${port}\n`);
    expect(worker.stderr()).toMatch(new RegExp(`^worker on redis://\\*\\*\\*@127\\.0\\.0\\.1:${port}/0, 1 thread\\n`));
    // The report is of the games, as a local run's: it names no URL at all.
    expect(readFileSync(report, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    expect(readFileSync(report, 'utf8')).not.toContain('redis');
    expect(summaryText(json)).toBe(localSummary(dir, 2));
    expectNoPassword([coordinator.stdout(), coordinator.stderr(), worker.stdout(), worker.stderr(), readFileSync(json, 'utf8'), readFileSync(report, 'utf8'), (await redis.get(`cluedo:tournament:${id}`))!]);
  }, 120_000);

  it('a wrong or missing password, an unknown tournament, a URL refused: one line each, no password', async () => {
    const runs: Array<[string[], number, string | RegExp]> = [
      [['worker', '--queue', `redis://:${WRONG}@127.0.0.1:${port}`], 1, `cluedo: cannot reach Redis at redis://***@127.0.0.1:${port}: it refused the user name or password of the URL (WRONGPASS invalid username-password pair or user is disabled.)`],
      [['simulate', ...GAMES, '--queue', `redis://alice:${PASSWORD}@127.0.0.1:${port}`], 1, /^cluedo: cannot reach Redis at redis:\/\/\*\*\*@127\.0\.0\.1:\d+: it refused the user name or password of the URL \(WRONGPASS/],
      [['worker', '--queue', `redis://127.0.0.1:${port}`], 1, `cluedo: cannot reach Redis at redis://127.0.0.1:${port}: it requires a password, given in the URL as redis://:PASSWORD@host:port (NOAUTH Authentication required.)`],
      [['simulate', '--queue', `redis://:${PASSWORD}@127.0.0.1:${port}`, '--resume', 't0000000000000000'], 1, `cluedo: no tournament t0000000000000000 in Redis at redis://***@127.0.0.1:${port}`],
      [['worker', '--queue', `redis://:${PASSWORD}@127.0.0.1:${port}/x`], 2, '--queue: the path of a Redis URL is a database number (redis://host:port/0), got "/x"'],
      [['simulate', '--queue', `redis://:${PASSWORD.slice(0, 6)}/${PASSWORD.slice(6)}@127.0.0.1:${port}`], 2, /^cluedo: --queue takes redis:\/\/host:port, .*got "redis:\/\/\*\*\*@127\.0\.0\.1:\d+"; in a user name or password, write \/ \? # @ : as %2F %3F %23 %40 %3A\n$/],
      [['worker', '--queue', `rediss://:${PASSWORD}@127.0.0.1:${port}`, '--queue-ca', join(dir, 'missing.crt')], 1, `cluedo: cannot read --queue-ca ${quote(join(dir, 'missing.crt'))}: no such file`],
    ];
    for (const [args, code, line] of runs) {
      const run = cluedo(args);
      expect(await run.exit, run.stderr()).toBe(code);
      expect(run.stderr()).toMatch(/^cluedo: [^\n]+\n$/);
      if (typeof line === 'string') expect(run.stderr()).toContain(line);
      else expect(run.stderr()).toMatch(line);
      expectNoPassword([run.stdout(), run.stderr()]);
    }
  }, 120_000);

  it('a plain Redis on a rediss:// URL: one line after the connection timeout, no password', async () => {
    // The default connection timeout, the one a user waits: what this test is about.
    const run = cluedoChild(['worker', '--queue', `rediss://:${PASSWORD}@127.0.0.1:${port}`]);
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toBe(
      `cluedo: cannot reach Redis at rediss://***@127.0.0.1:${port}: no TLS handshake within 3 s: nothing answers there, or the server does not speak TLS (a Redis without TLS takes a redis:// URL)\n`,
    );
  }, 60_000);
});
