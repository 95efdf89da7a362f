import nock from 'nock';

/** No test reaches the network: only loopback (our own API, Postgres, Redis, SMTP) is allowed. */
export function isolateNetwork(): void {
  nock.disableNetConnect();
  nock.enableNetConnect((host) => /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host));
}
