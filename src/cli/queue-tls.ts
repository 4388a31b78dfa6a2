// The TLS options of the queue on the command line, the same on simulate --queue and on worker:
// --queue-ca, --queue-cert and --queue-key name PEM files, read and checked here before anything
// connects (a file that cannot be read, a key that is not the certificate's: exit 1, naming the
// option and the path). They go with a rediss:// URL alone. The files stay on the machine that
// reads them: nothing of them is stored in Redis, and every worker is given its own.
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import type { Command } from 'commander';
import { readRegularFile } from '../io/log-file.js';
import { InputError } from '../model/errors.js';
import { quote } from '../model/quote.js';
import type { RedisAddress, RedisTls } from '../queue/address.js';
import { UsageError } from './errors.js';
import { path } from './options.js';
import type { Requirements } from './option-rules.js';

/** The values of the options, as commander names them. */
export interface QueueTlsOptions {
  queueCa?: string;
  queueCert?: string;
  queueKey?: string;
}

/** A PEM file of certificates or a key is a few kilobytes; a CA bundle, a few hundred. */
const MAX_PEM_BYTES = 4 * 2 ** 20;

/** Adds --queue-ca, --queue-cert and --queue-key to a command. */
export function addQueueTlsOptions(command: Command): Command {
  return command
    .option('--queue-ca <file>', "with a rediss:// queue URL: the PEM certificate of the CA that signed the Redis server's certificate (default: the CAs Node trusts)", path('--queue-ca'))
    .option('--queue-cert <file>', 'with a rediss:// queue URL: a PEM client certificate, for a Redis that asks for one (with --queue-key)', path('--queue-cert'))
    .option('--queue-key <file>', 'with a rediss:// queue URL: the PEM private key of --queue-cert, without a passphrase', path('--queue-key'));
}

/** simulate's requirement: the TLS options only with --queue (worker's --queue is required). */
export const QUEUE_TLS_REQUIREMENTS: Requirements = Object.fromEntries(
  ['--queue-ca', '--queue-cert', '--queue-key'].map((flag) => [flag, { anyOf: ['--queue'], why: "it is a TLS setting of the queue's Redis (a rediss:// URL)" }]),
);

/** The options given, as flags. */
function givenFlags(options: QueueTlsOptions): string[] {
  return [
    ['--queue-ca', options.queueCa],
    ['--queue-cert', options.queueCert],
    ['--queue-key', options.queueKey],
  ]
    .filter(([, value]) => value !== undefined)
    .map(([flag]) => flag!);
}

/** A usage error when the options do not fit the URL (TLS options on redis://) or each other (a certificate without its key). */
export function checkQueueTls(address: RedisAddress, options: QueueTlsOptions): void {
  const given = givenFlags(options);
  if (given.length > 0 && address.tls === undefined) {
    throw new UsageError(`${given[0]} goes with a rediss:// URL (TLS to Redis), not ${address.text}`);
  }
  if ((options.queueCert === undefined) !== (options.queueKey === undefined)) {
    throw new UsageError(options.queueCert === undefined ? '--queue-key goes with --queue-cert: it is the private key of the client certificate' : '--queue-cert goes with --queue-key: a client certificate needs its private key');
  }
}

/** The address with its TLS files read and checked (an InputError naming the option and the file otherwise). */
export function withQueueTls(address: RedisAddress, options: QueueTlsOptions): RedisAddress {
  if (address.tls === undefined) return address;
  const tls: RedisTls = {};
  if (options.queueCa !== undefined) {
    tls.ca = readPem('--queue-ca', options.queueCa);
    certificates('--queue-ca', options.queueCa, tls.ca);
  }
  if (options.queueCert !== undefined && options.queueKey !== undefined) {
    tls.cert = readPem('--queue-cert', options.queueCert);
    tls.key = readPem('--queue-key', options.queueKey);
    const [certificate] = certificates('--queue-cert', options.queueCert, tls.cert);
    if (!certificate.checkPrivateKey(privateKey(options.queueKey, tls.key))) {
      throw new InputError(`--queue-key ${quote(options.queueKey)} is not the private key of the certificate of --queue-cert ${quote(options.queueCert)}`);
    }
  }
  return { ...address, tls };
}

/** The text of a PEM file: a regular file of at most MAX_PEM_BYTES. */
function readPem(flag: string, file: string): string {
  return readRegularFile(file, flag, MAX_PEM_BYTES).toString('utf8');
}

/** The certificates of a PEM text, at least one, each readable. */
function certificates(flag: string, file: string, text: string): X509Certificate[] {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[^]*?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new InputError(`${flag} ${quote(file)} holds no certificate in PEM (a block from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----)`);
  return blocks.map((block, i) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw new InputError(`${flag} ${quote(file)}: its certificate ${i + 1} cannot be read (a damaged PEM block)`);
    }
  });
}

/** The private key of a PEM text; one under a passphrase is refused (nothing could ask for it). */
function privateKey(file: string, text: string): KeyObject {
  try {
    return createPrivateKey(text);
  } catch (e) {
    // PKCS#8 and the older PEM headers say so; OpenSSL's own error does not.
    const encrypted = (e as NodeJS.ErrnoException).code === 'ERR_MISSING_PASSPHRASE' || /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(text);
    throw new InputError(
      encrypted
        ? `--queue-key ${quote(file)} is encrypted: give the key without its passphrase (openssl pkey -in KEY -out PLAIN-KEY)`
        : `--queue-key ${quote(file)} holds no private key in PEM (a block such as -----BEGIN PRIVATE KEY-----)`,
    );
  }
}
