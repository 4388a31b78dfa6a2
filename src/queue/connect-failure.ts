// Why the first connection to Redis failed, in words that say what to do: a server certificate no
// trusted CA signed or made for another host, a client certificate missing or refused, TLS on one
// end only, credentials refused; anything else as the error says it. connectRedis makes it the
// reason of its one line. The remedies name RedisTls's ca, cert and key as the library's options
// `tls.ca`, `tls.cert` and `tls.key` (the CLI's --queue-ca, --queue-cert and --queue-key).
import type { Phrase } from '../model/errors.js';
import type { RedisAddress, RedisTls } from './address.js';

const CA = { option: 'tls.ca' };
const CERT = { option: 'tls.cert' };
const KEY = { option: 'tls.key' };

/** Node's codes for a server certificate signed by no CA trusted here. */
const UNTRUSTED = new Set(['SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY']);

/** OpenSSL's codes for bytes that are not TLS where a TLS record was expected. */
const NOT_TLS = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST', 'ERR_SSL_RECORD_LAYER_FAILURE']);

/** An alert by which the server turns down the client's certificate, or its absence. */
const CLIENT_CERTIFICATE_ALERT = /^ERR_SSL_\w*ALERT_(CERTIFICATE_\w+|UNKNOWN_CA|BAD_CERTIFICATE|UNSUPPORTED_CERTIFICATE|ACCESS_DENIED|HANDSHAKE_FAILURE)$/;

/** The connection ended before Redis answered: a reset, or ioredis's own word for a close. */
const closedEarly = (error: NodeJS.ErrnoException) => error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.message === 'Connection is closed.';

type Failure = Error & { code?: string; cert?: { subjectaltname?: string } };

/** The reason the first connection to `address` failed, for "cannot reach Redis at URL: <reason>". */
export function connectFailure(error: Failure, address: RedisAddress, timeoutMs: number): Phrase {
  const reason = address.tls ? tlsFailure(error, address, address.tls, timeoutMs) : plainFailure(error);
  return reason ?? [credentialsFailure(error) ?? error.message.replace(/^connect /, '')];
}

/** A TLS connection's failure explained, or undefined when it is not one of TLS. */
function tlsFailure(error: Failure, address: RedisAddress, tls: RedisTls, timeoutMs: number): Phrase | undefined {
  const code = error.code ?? '';
  if (UNTRUSTED.has(code)) {
    return tls.ca === undefined
      ? [`the server's certificate is not signed by a CA you trust (${error.message}): pass the certificate of the CA that signed it with `, CA]
      : [`the server's certificate is not signed by the CA of `, CA, ` (${error.message}): give `, CA, " the certificate of the CA that signed the server's"];
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const names = error.cert?.subjectaltname;
    return [`the server's certificate is not made for ${address.host} (${names ? `it names ${names}` : 'it has no subjectAltName'}): connect by a name the certificate lists, or give the server a certificate for ${address.host}`];
  }
  if (CLIENT_CERTIFICATE_ALERT.test(code)) {
    return tls.cert === undefined
      ? [`the server requires a client certificate (${alertOf(error)}): pass `, CERT, ' and ', KEY, ', a certificate signed by a CA the server trusts and its key']
      : ['the server refused the client certificate of ', CERT, ` (${alertOf(error)}): it must be signed by a CA the server trusts (its tls-ca-cert-file)`];
  }
  if (closedEarly(error)) {
    return tls.cert === undefined
      ? ['the server closed the TLS connection at once: it most likely requires a client certificate: pass ', CERT, ' and ', KEY]
      : ['the server closed the TLS connection at once: it most likely refused the client certificate of ', CERT, ', which must be signed by a CA the server trusts (its tls-ca-cert-file)'];
  }
  if (code === 'ETIMEDOUT') return [`no TLS handshake within ${timeoutMs / 1000} s: nothing answers there, or the server does not speak TLS (a Redis without TLS takes a redis:// URL)`];
  if (NOT_TLS.has(code)) return [`the server does not speak TLS (${alertOf(error)}): a Redis without TLS takes a redis:// URL`];
  return undefined;
}

/** A plain connection's failure explained, or undefined: a TLS server hangs up on plain bytes. */
function plainFailure(error: Failure): Phrase | undefined {
  if (closedEarly(error)) return ['the server closed the connection before answering: if it speaks TLS only, use a rediss:// URL'];
  return undefined;
}

/** Credentials refused or missing, or undefined. Redis's replies never repeat the password. */
function credentialsFailure(error: Failure): string | undefined {
  if (error.message.startsWith('WRONGPASS')) return `it refused the user name or password of the URL (${error.message})`;
  if (error.message.startsWith('NOAUTH')) return `it requires a password, given in the URL as redis://:PASSWORD@host:port (${error.message})`;
  return undefined;
}

/** What OpenSSL said, without its file and line ("tlsv1 alert unknown ca"). */
function alertOf(error: Failure): string {
  return /SSL routines:[^:]*:([^:]+)/.exec(error.message)?.[1] ?? error.code ?? error.message;
}
