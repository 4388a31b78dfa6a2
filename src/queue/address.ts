// Where the queue's Redis is: a redis://host[:port][/db] URL (rediss:// for TLS), checked before
// anything connects (and before the optional packages of the queue are loaded). printableUrl is the
// one way such a URL reaches a message: its user name and password never do.
import { InputError, type Phrase } from '../model/errors.js';

/** TLS to Redis (a rediss:// URL), as PEM text: without ca, Node's trusted CAs; cert and key, a client certificate. */
export interface RedisTls {
  ca?: string;
  cert?: string;
  key?: string;
}

/** Where Redis is, from a redis://host:port[/db] or rediss://host:port[/db] URL. */
export interface RedisAddress {
  host: string;
  port: number;
  db: number;
  password?: string;
  username?: string;
  /** TLS: present for a rediss:// URL (its files are added by whoever read them). */
  tls?: RedisTls;
  /** The URL as given, its credentials masked (printableUrl), for messages. */
  text: string;
}

/** What stands in a printed URL for its user name and password, and for the values of its query. */
const MASK = '***';

/**
 * A URL as any message shows it: everything between the scheme and the last "@" (user name and
 * password) masked, and the values of a query too (?password=...). It takes any text, not only a
 * valid URL: a refused URL is quoted back to the user.
 */
export function printableUrl(text: string): string {
  return text
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^]*@/i, (_, scheme: string | undefined) => `${scheme ?? ''}${MASK}@`)
    .replace(/([?&][^=&#]*=)[^&#]*/g, `$1${MASK}`);
}

/** The schemes of a Redis URL, and whether each is TLS. */
const SCHEMES: Record<string, boolean> = { 'redis:': false, 'rediss:': true };

/**
 * A redis:// or rediss:// URL; otherwise an InputError saying what is wrong (code 'bad-option',
 * option 'url', value the URL with its credentials masked).
 */
export function parseRedisUrl(text: string): RedisAddress {
  const shown = printableUrl(text);
  const bad = (...phrase: Phrase) => new InputError([{ option: 'url' }, ...phrase], { code: 'bad-option', option: 'url', value: shown });
  // A password holding "/" or "@" as it is cuts the URL in the wrong place: say how to write it.
  const escapes = text.includes('@') ? '; in a user name or password, write / ? # @ : as %2F %3F %23 %40 %3A' : '';
  const expected = () => bad(` takes redis://host:port, or rediss://host:port for TLS (e.g. redis://127.0.0.1:6379), got "${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown}"${escapes}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw expected();
  }
  if (!Object.hasOwn(SCHEMES, url.protocol) || url.hostname === '' || (url.search !== '' && url.search !== '?') || url.hash !== '') throw expected();
  const path = url.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d{1,2}$/.test(path)) throw bad(`: the path of a Redis URL is a database number (redis://host:port/0), got "/${path.length > 40 ? `${path.slice(0, 40)}…` : path}"`);
  const password = decoded(url.password);
  const username = decoded(url.username);
  if (password === undefined || username === undefined) throw bad(`: the user name or password of the URL has a malformed %-escape (write "%" as %25), in "${shown}"`);
  const port = url.port === '' ? 6379 : Number(url.port);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host,
    port,
    db: path === '' ? 0 : Number(path),
    ...(password !== '' && { password }),
    ...(username !== '' && { username }),
    ...(SCHEMES[url.protocol] && { tls: {} }),
    text: shown,
  };
}

/** A component of a URL with its %-escapes decoded; undefined for a malformed one ("%zz"). */
function decoded(component: string): string | undefined {
  try {
    return decodeURIComponent(component);
  } catch {
    return undefined;
  }
}
