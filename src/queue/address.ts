// Where the queue's Redis is: a redis://host[:port][/db] URL, checked before anything connects
// (and before the optional packages of the queue are loaded).

/** Where Redis is, from a redis://host:port[/db] URL. */
export interface RedisAddress {
  host: string;
  port: number;
  db: number;
  password?: string;
  username?: string;
  /** The URL as given, without a password, for messages. */
  text: string;
}

/** A redis://host[:port][/db] URL; a message saying what is wrong otherwise. */
export function parseRedisUrl(text: string): RedisAddress | string {
  const expected = `--queue takes redis://host:port (e.g. redis://127.0.0.1:6379), got "${text.length > 80 ? `${text.slice(0, 80)}…` : text}"`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return expected;
  }
  if (url.protocol !== 'redis:' || url.hostname === '' || (url.search !== '' && url.search !== '?') || url.hash !== '') return expected;
  const path = url.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d{1,2}$/.test(path)) return `--queue: the path of a Redis URL is a database number (redis://host:port/0), got "/${path}"`;
  const port = url.port === '' ? 6379 : Number(url.port);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host,
    port,
    db: path === '' ? 0 : Number(path),
    ...(url.password !== '' && { password: decodeURIComponent(url.password) }),
    ...(url.username !== '' && { username: decodeURIComponent(url.username) }),
    text: `redis://${url.host}${path === '' ? '' : `/${path}`}`,
  };
}
