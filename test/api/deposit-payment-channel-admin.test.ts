import test from 'ava';
import { AdminOperationLog, DepositOrder, PaymentChannel, PaymentChannelGroup, User } from '../../shared/db/models';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { createDepositor, DEPOSIT_ENV, postUsdtCallback, resetDepositMocks, unique } from '../helpers/deposits';
import type { TestStack } from '../helpers/stack';

/**
 * Administrator payment channels and groups (docs/payments.md, "Payment channels through the API"),
 * permission module `payment-channel`: guards, validation (400 naming the field, nothing written), the
 * operation log, site isolation, and what players see: a crypto deposit answers 2002 until an address is
 * set; moving a player changes GET /vendor/channels; a disabled channel's open order still completes.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, req } = await startAdminStack({ env: DEPOSIT_ENV, headers: { locales: 'en-US' } }));
});
test.beforeEach(resetDepositMocks);
test.after.always(async () => {
  await stack?.close();
});

const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const names = (text: string) => ({ 'en-US': text, 'zh-TW': `${text} (TW)` });
const usdtBody = (extra: Record<string, unknown> = {}) => ({
  code: 'usdt',
  name: names('Fresh USDT'),
  currency: 'USDT',
  paymentMethods: ['crypto'],
  network: 'TRC20',
  ...extra,
});
const logsOf = (siteCode: string, action: string) =>
  AdminOperationLog.findAll({ where: { module: 'payment-channel', siteCode, action }, order: [['id', 'ASC']] });
const player = (method: string, path: string, token: string, body?: unknown) =>
  stack.request(method, `/api${path}`, { token, body, headers: { locales: 'en-US' } });

const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/vendor/admin/groups'],
  ['POST', '/vendor/admin/groups'],
  ['PATCH', '/vendor/admin/groups/1'],
  ['GET', '/vendor/admin/channels'],
  ['POST', '/vendor/admin/channels'],
  ['PATCH', '/vendor/admin/channels/1'],
  ['PUT', '/vendor/admin/users/1/group'],
];

test('every endpoint: 401 without a token or with a player token; 403 without the module; read-only may only read', async (t) => {
  const { token: playerToken } = await factories.createUser();
  const { token: other } = await factories.createAdmin({ permissions: ['deposit:read', 'deposit:write', 'vendor:write'] });
  const { token: reader } = await factories.createAdmin({ permissions: ['payment-channel:read'] });
  for (const [method, path] of ENDPOINTS) {
    for (const token of [null, playerToken]) t.is((await req(method, path, { token, body: {} })).status, 401, `${method} ${path}`);
    t.is((await req(method, path, { token: other, body: {} })).status, 403, `${method} ${path} without the module`);
    t.is((await req(method, path, { token: reader, body: {} })).status, method === 'GET' ? 200 : 403, `${method} ${path} read-only`);
  }
});

test('channels: bad input is a 400 naming the field and writes nothing', async (t) => {
  const site = await factories.createSite();
  const before = await PaymentChannel.count({ where: { siteCode: site } });
  const [trc] = await PaymentChannel.findAll({ where: { siteCode: site, key: 'usdt-trc20' } });
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    ['POST', '/vendor/admin/channels', usdtBody({ paymentAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS' }), 'paymentAddress'], // 32 after T
    ['POST', '/vendor/admin/channels', usdtBody({ paymentAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS0' }), 'paymentAddress'], // 0 is not base58
    ['POST', '/vendor/admin/channels', usdtBody({ paymentAddress: ERC20 }), 'paymentAddress'], // an ERC20 address on TRC20
    ['POST', '/vendor/admin/channels', usdtBody({ network: 'ERC20', paymentAddress: '0x52908400098527886E0F7030069857D2E4169EE' }), 'paymentAddress'],
    ['POST', '/vendor/admin/channels', usdtBody({ network: 'ERC20', paymentAddress: '0x52908400098527886E0F7030069857D2E4169EEG' }), 'paymentAddress'],
    ['POST', '/vendor/admin/channels', usdtBody({ network: 'ERC20', paymentAddress: TRC20 }), 'paymentAddress'],
    ['POST', '/vendor/admin/channels', usdtBody({ network: 'BEP20' }), 'network'],
    ['POST', '/vendor/admin/channels', usdtBody({ network: null }), 'network'],
    ['POST', '/vendor/admin/channels', usdtBody({ currency: 'EUR' }), 'currency'],
    ['POST', '/vendor/admin/channels', usdtBody({ currency: 'TWD' }), 'currency'],
    ['POST', '/vendor/admin/channels', usdtBody({ paymentMethods: ['paypal'] }), 'paymentMethods[0]'],
    ['POST', '/vendor/admin/channels', usdtBody({ paymentMethods: ['crypto', 'fiat'] }), 'paymentMethods'],
    ['POST', '/vendor/admin/channels', usdtBody({ paymentMethods: [] }), 'paymentMethods'],
    ['POST', '/vendor/admin/channels', usdtBody({ code: 'bank' }), 'code'],
    ['POST', '/vendor/admin/channels', usdtBody({ sortOrder: 1e12 }), 'sortOrder'],
    ['POST', '/vendor/admin/channels', usdtBody({ sortOrder: -1 }), 'sortOrder'],
    ['POST', '/vendor/admin/channels', usdtBody({ sortOrder: '3' }), 'sortOrder'],
    ['POST', '/vendor/admin/channels', usdtBody({ enabled: '1' }), 'enabled'],
    ['POST', '/vendor/admin/channels', usdtBody({ name: 'USDT' }), 'name'],
    ['POST', '/vendor/admin/channels', usdtBody({ name: { 'fr-FR': 'USDT' } }), 'name'],
    ['POST', '/vendor/admin/channels', usdtBody({ paymentAddress: 12 }), 'paymentAddress'],
    ['POST', '/vendor/admin/channels', { code: 'fiatvendor', name: names('Bank'), currency: 'TWD', paymentMethods: ['fiat'], network: 'TRC20' }, 'network'],
    [
      'POST',
      '/vendor/admin/channels',
      { code: 'fiatvendor', name: names('Bank'), currency: 'TWD', paymentMethods: ['fiat'], paymentAddress: TRC20 },
      'paymentAddress',
    ],
    ['POST', '/vendor/admin/channels', { code: 'fiatvendor', name: names('Bank'), currency: 'TWD', paymentMethods: ['crypto'] }, 'paymentMethods'],
    ['PATCH', `/vendor/admin/channels/${trc.id}`, { paymentAddress: ERC20 }, 'paymentAddress'],
    ['PATCH', `/vendor/admin/channels/${trc.id}`, { paymentAddress: ` ${TRC20}` }, 'paymentAddress'],
    ['PATCH', `/vendor/admin/channels/${trc.id}`, { network: 'ERC20' }, 'paymentAddress'], // its TRC20 address does not fit ERC20
    ['PATCH', `/vendor/admin/channels/${trc.id}`, { sortOrder: 1_000_001 }, 'sortOrder'],
    ['PATCH', `/vendor/admin/channels/${trc.id}`, { enabled: 2 }, 'enabled'],
    ['PATCH', `/vendor/admin/channels/${trc.id}`, { paymentMethods: 'crypto' }, 'paymentMethods'],
  ];
  await trc.update({ paymentAddress: TRC20 });
  for (const [method, path, body, field] of cases) {
    const res = await req(method, path, { site, body });
    t.is(res.status, 400, `${JSON.stringify(body)}: ${res.body.message}`);
    t.true(
      (res.body.errors as Array<{ field: string }>).some((e) => e.field === field),
      `${JSON.stringify(body)} names ${field}: ${res.body.message}`,
    );
  }
  t.is(await PaymentChannel.count({ where: { siteCode: site } }), before);
  t.is((await PaymentChannel.findByPk(trc.id))!.paymentAddress, TRC20);
  t.is((await logsOf(site, 'create-channel')).length + (await logsOf(site, 'update-channel')).length, 0);
});

test('groups: unknown currency, a repeated channel, wrong types: 400 naming the field; a foreign or unknown channel 2002, a fiat channel of another currency 2003', async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const [foreign] = await PaymentChannel.findAll({ where: { siteCode: other } });
  const fiat = (await PaymentChannel.findOne({ where: { siteCode: site, key: 'fiatvendor-twd' } }))!;
  const before = await PaymentChannelGroup.count({ where: { siteCode: site } });
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ groupName: names('Euro'), currency: 'EUR' }, 'currency'],
    [{ groupName: names('USDT'), currency: 'USDT' }, 'currency'],
    [{ groupName: names('USD'), currency: 'USD', channelIds: '1' }, 'channelIds'],
    [{ groupName: names('USD'), currency: 'USD', channelIds: ['1'] }, 'channelIds[0]'],
    [{ groupName: names('USD'), currency: 'USD', channelIds: [fiat.id, fiat.id] }, 'channelIds'],
    [{ groupName: names('USD'), currency: 'USD', enabled: true }, 'enabled'],
    [{ groupName: {}, currency: 'USD' }, 'groupName'],
    [{ currency: 'USD' }, 'groupName'],
  ];
  for (const [body, field] of cases) {
    const res = await req('POST', '/vendor/admin/groups', { site, body });
    t.is(res.status, 400, `${JSON.stringify(body)}: ${res.body.message}`);
    t.true(
      (res.body.errors as Array<{ field: string }>).some((e) => e.field === field),
      `${JSON.stringify(body)} names ${field}: ${res.body.message}`,
    );
  }
  // Channels the site does not have (2002) or a fiat channel of another currency (2003): refusals, on create and update alike.
  const unknownChannel = 'A channel of the group is not a payment channel of the site';
  const otherCurrency = "A fiat channel of the group serves another currency than the group's";
  const refusals: Array<[Record<string, unknown>, number, string]> = [
    [{ groupName: names('USD'), currency: 'USD', channelIds: [foreign.id] }, 2002, unknownChannel],
    [{ groupName: names('USD'), currency: 'USD', channelIds: [999999] }, 2002, unknownChannel],
    [{ groupName: names('USD'), currency: 'USD', channelIds: [fiat.id] }, 2003, otherCurrency],
  ];
  for (const [body, code, message] of refusals) {
    const res = await req('POST', '/vendor/admin/groups', { site, body });
    t.is(res.status, 200, JSON.stringify(body));
    t.like(res.body, { code, message }, JSON.stringify(body));
  }
  t.is(await PaymentChannelGroup.count({ where: { siteCode: site } }), before);
  const listing = (await PaymentChannelGroup.findAll({ where: { siteCode: site }, order: [['id', 'ASC']] })).find((g) => g.channelIds.includes(fiat.id))!;
  const stored = listing.get({ plain: true });
  for (const [body, code, message] of [
    [{ channelIds: [...listing.channelIds, foreign.id] }, 2002, unknownChannel],
    [{ channelIds: [999999] }, 2002, unknownChannel],
    [{ currency: 'USD' }, 2003, otherCurrency],
  ] as Array<[Record<string, unknown>, number, string]>) {
    const res = await req('PATCH', `/vendor/admin/groups/${listing.id}`, { site, body });
    t.is(res.status, 200, JSON.stringify(body));
    t.like(res.body, { code, message }, `PATCH ${JSON.stringify(body)} answers the POST's text`);
  }
  t.deepEqual((await listing.reload()).get({ plain: true }), stored, 'the group is unchanged');
  // A fiat channel's currency must stay the one of the groups listing it.
  const moved = await req('PATCH', `/vendor/admin/channels/${fiat.id}`, { site, body: { currency: 'USD' } });
  t.is(moved.status, 200);
  t.like(moved.body, { code: 2003, message: 'A group that lists the channel serves another currency' });
  t.is((await PaymentChannel.findByPk(fiat.id))!.currency, fiat.currency);
  t.is((await logsOf(site, 'create-group')).length + (await logsOf(site, 'update-group')).length + (await logsOf(site, 'update-channel')).length, 0);
});

test("site isolation: another site's group, channel or player is not found; lists show the site's own", async (t) => {
  const site = await factories.createSite();
  const other = await factories.createSite();
  const [foreignChannel] = await PaymentChannel.findAll({ where: { siteCode: other } });
  const [foreignGroup] = await PaymentChannelGroup.findAll({ where: { siteCode: other } });
  const [ownGroup] = await PaymentChannelGroup.findAll({ where: { siteCode: site }, order: [['id', 'ASC']] });
  const { user: stranger } = await createDepositor({ siteCode: other });
  const { user: own } = await createDepositor({ siteCode: site });

  t.like((await req('PATCH', `/vendor/admin/channels/${foreignChannel.id}`, { site, body: { enabled: 0 } })).body, {
    code: 2001,
    message: 'Payment channel not found',
  });
  t.like((await req('PATCH', `/vendor/admin/groups/${foreignGroup.id}`, { site, body: { enabled: 0 } })).body, {
    code: 2001,
    message: 'Payment channel group not found',
  });
  t.like((await req('PUT', `/vendor/admin/users/${stranger.id}/group`, { site, body: { groupId: ownGroup.id } })).body, {
    code: 2001,
    message: 'Player not found',
  });
  t.like((await req('PUT', `/vendor/admin/users/${own.id}/group`, { site, body: { groupId: foreignGroup.id } })).body, {
    code: 2002,
    message: 'Payment channel group not found',
  });
  t.is((await PaymentChannel.findByPk(foreignChannel.id))!.enabled, 1);
  t.is((await PaymentChannelGroup.findByPk(foreignGroup.id))!.enabled, 1);

  const channels = await req('GET', '/vendor/admin/channels', { site });
  t.deepEqual(
    channels.body.result.map((c: { key: string }) => c.key),
    ['fiatvendor-twd', 'usdt-trc20', 'usdt-erc20'],
  );
  t.true(channels.body.result.every((c: { siteCode: string }) => c.siteCode === site));
  const groups = await req('GET', '/vendor/admin/groups', { site });
  t.deepEqual(
    groups.body.result.map((g: { currency: string }) => g.currency),
    ['TWD', 'USD', 'CNY', 'THB', 'VND'],
  );
  t.like(groups.body.result[0], { servesLocales: ['zh-TW'], assignedToNewPlayersOf: ['zh-TW'], enabled: 1 });
});

test.serial(
  "a crypto deposit answers 2002 until an administrator sets the address on a freshly configured channel; moving a player changes their channels (the answer now also says the group is the operator's choice, vendorGroupLocked)",
  async (t) => {
    const site = await factories.createSite();
    const { token, user } = await createDepositor({ siteCode: site });
    const seededGroup = (await User.findByPk(user.id))!.vendorGroupId;

    const created = await req('POST', '/vendor/admin/channels', { site, body: usdtBody({ network: 'ERC20', key: 'usdt-vip', sortOrder: 5 }) });
    t.is(created.body.code, 200, created.body.message);
    const channel = created.body.result;
    t.like(channel, { key: 'usdt-vip', code: 'usdt', currency: 'USDT', network: 'ERC20', paymentAddress: null, enabled: 1, sortOrder: 5, groupIds: [] });
    t.is((await req('POST', '/vendor/admin/channels', { site, body: usdtBody({ key: 'usdt-vip' }) })).body.code, 2002);

    const group = await req('POST', '/vendor/admin/groups', { site, body: { groupName: names('VIP TWD'), currency: 'TWD', channelIds: [channel.id] } });
    t.is(group.body.code, 200, group.body.message);
    t.like(group.body.result, { currency: 'TWD', channelIds: [channel.id], enabled: 1, servesLocales: ['zh-TW'], assignedToNewPlayersOf: [] });

    const moved = await req('PUT', `/vendor/admin/users/${user.id}/group`, { site, body: { groupId: group.body.result.id } });
    t.deepEqual(moved.body.result, { userId: user.id, vendorGroupId: group.body.result.id, vendorGroupLocked: 1 });
    const seen = await player('GET', '/vendor/channels', token);
    t.like(seen.body.result, { groupId: group.body.result.id, groupName: 'VIP TWD' });
    t.deepEqual(
      seen.body.result.channels.map((c: { id: number }) => c.id),
      [channel.id],
    );

    const order = (subOrder: string) => player('POST', '/deposit', token, { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount: '50' });
    t.like((await order(unique())).body, { code: 2002, message: 'This channel has no payment address' });

    const set = await req('PATCH', `/vendor/admin/channels/${channel.id}`, { site, body: { paymentAddress: ERC20 } });
    t.like(set.body.result, { paymentAddress: ERC20, groupIds: [group.body.result.id] });
    const subOrder = unique();
    const ok = await order(subOrder);
    t.deepEqual(ok.body.result, { paymentAddress: ERC20, network: 'ERC20', currency: 'USDT', orderAmount: 50, subOrder });

    // Back to the seeded group: the seeded channels again, the new one not.
    await req('PUT', `/vendor/admin/users/${user.id}/group`, { site, body: { groupId: seededGroup } });
    const back = await player('GET', '/vendor/channels', token);
    t.is(back.body.result.groupId, seededGroup);
    t.false(back.body.result.channels.some((c: { id: number }) => c.id === channel.id));

    // The operation log: one row per write, in the site, under the module.
    t.is((await logsOf(site, 'create-channel')).length, 1);
    t.is((await logsOf(site, 'create-group')).length, 1);
    const updates = await logsOf(site, 'update-channel');
    t.is(updates.length, 1);
    t.deepEqual((updates[0].detail as { changes: unknown }).changes, { paymentAddress: { from: null, to: ERC20 } });
    const moves = await logsOf(site, 'move-player');
    t.is(moves.length, 2);
    t.like(moves[0], { targetId: String(user.id) });
    t.deepEqual((moves[0].detail as { vendorGroupId: unknown }).vendorGroupId, { from: seededGroup, to: group.body.result.id });
  },
);

test.serial(
  "a player an operator moved keeps that group across a locale change, logout and login, until an operator moves them again; groupId null hands them back to the locale's group",
  async (t) => {
    const site = await factories.createSite();
    const { user, password } = await createDepositor({ siteCode: site });
    const playerHeaders = (locale: string) => ({ 'site-name': site, locales: locale });
    const login = async () => {
      const res = await stack.request('POST', '/api/auth/login', { body: { account: user.account, password }, headers: playerHeaders('en-US') });
      t.is(res.body.code, 200, res.text);
      return res.body.result.token as string;
    };
    const logout = (token: string, locale: string) => stack.request('POST', '/api/auth/logout', { token, headers: playerHeaders(locale) });
    const channelsSeen = async (token: string) => {
      const res = await stack.request('GET', '/api/vendor/channels', { token, headers: playerHeaders('en-US') });
      t.is(res.body.code, 200, res.text);
      return { groupId: res.body.result.groupId as number, ids: res.body.result.channels.map((c: { id: number }) => c.id) as number[] };
    };
    const groupOf = async (currency: string) =>
      (await PaymentChannelGroup.findOne({ where: { siteCode: site, currency, enabled: 1 }, order: [['id', 'ASC']] }))!.id;
    const twd = await groupOf('TWD');
    const usd = await groupOf('USD');
    const thb = await groupOf('THB');
    t.is((await User.findByPk(user.id))!.vendorGroupId, twd);

    // A USD group of one channel for a zh-TW player: the locale's currency would never pick it.
    const erc = (await PaymentChannel.findOne({ where: { siteCode: site, key: 'usdt-erc20' } }))!;
    const vip = (await req('POST', '/vendor/admin/groups', { site, body: { groupName: names('VIP'), currency: 'USD', channelIds: [erc.id] } })).body.result;
    t.like((await req('PUT', `/vendor/admin/users/${user.id}/group`, { site, body: { groupId: vip.id } })).body, {
      code: 200,
      result: { userId: user.id, vendorGroupId: vip.id, vendorGroupLocked: 1 },
    });

    let token = await login();
    t.deepEqual(await channelsSeen(token), { groupId: vip.id, ids: [erc.id] });
    t.is((await stack.request('PATCH', '/api/auth/locale', { token, body: { locale: 'th-TH' }, headers: playerHeaders('th-TH') })).body.code, 200);
    t.deepEqual((await logout(token, 'vi-VN')).body.result, { locale: 'vi-VN', vendorGroupId: vip.id });
    token = await login();
    t.deepEqual(await channelsSeen(token), { groupId: vip.id, ids: [erc.id] });
    t.deepEqual((await logout(token, 'zh-TW')).body.result, { locale: 'zh-TW', vendorGroupId: vip.id });

    // The operator moves the player again: that choice sticks in turn.
    t.like((await req('PUT', `/vendor/admin/users/${user.id}/group`, { site, body: { groupId: thb } })).body.result, {
      vendorGroupId: thb,
      vendorGroupLocked: 1,
    });
    token = await login();
    t.deepEqual((await logout(token, 'en-US')).body.result, { locale: 'en-US', vendorGroupId: thb });
    token = await login();
    t.is((await channelsSeen(token)).groupId, thb);

    // groupId null: back to the automatic choice, the group of the player's locale (en-US: USD) now and at each logout.
    const back = await req('PUT', `/vendor/admin/users/${user.id}/group`, { site, body: { groupId: null } });
    t.deepEqual(back.body.result, { userId: user.id, vendorGroupId: usd, vendorGroupLocked: 0 });
    t.is((await channelsSeen(token)).groupId, usd);
    t.deepEqual((await logout(token, 'zh-TW')).body.result, { locale: 'zh-TW', vendorGroupId: twd });

    // A chosen group an operator disables no longer serves: the next logout picks the locale's group and lets the choice go.
    t.is((await req('PUT', `/vendor/admin/users/${user.id}/group`, { site, body: { groupId: vip.id } })).body.code, 200);
    t.is((await req('PATCH', `/vendor/admin/groups/${vip.id}`, { site, body: { enabled: 0 } })).body.code, 200);
    token = await login();
    t.deepEqual((await logout(token, 'zh-TW')).body.result, { locale: 'zh-TW', vendorGroupId: twd });
    t.like((await User.findByPk(user.id))!.get({ plain: true }), { vendorGroupId: twd, vendorGroupLocked: 0 });
    t.is((await req('PATCH', `/vendor/admin/groups/${vip.id}`, { site, body: { enabled: 1 } })).body.code, 200);
    token = await login();
    t.deepEqual((await logout(token, 'en-US')).body.result, { locale: 'en-US', vendorGroupId: usd });

    // Each move is one operation-log row saying whether the group is the operator's choice; the same move again writes none.
    t.like((await req('PUT', `/vendor/admin/users/${user.id}/group`, { site, body: { groupId: null } })).body.result, {
      vendorGroupId: usd,
      vendorGroupLocked: 0,
    });
    const moves = await logsOf(site, 'move-player');
    t.deepEqual(
      moves.map((m) => (m.detail as { vendorGroupLocked: unknown }).vendorGroupLocked),
      [
        { from: 0, to: 1 },
        { from: 1, to: 1 },
        { from: 1, to: 0 },
        { from: 0, to: 1 },
      ],
    );
    t.deepEqual((moves[2].detail as { vendorGroupId: unknown }).vendorGroupId, { from: thb, to: usd });
  },
);

test('PUT /vendor/admin/users/:id/group: groupId missing, a string, 0 or fractional is a 400 naming groupId; nothing changes', async (t) => {
  const site = await factories.createSite();
  const { user } = await createDepositor({ siteCode: site });
  const before = (await User.findByPk(user.id))!.get({ plain: true });
  for (const body of [{}, { groupId: '1' }, { groupId: 0 }, { groupId: 1.5 }, { groupId: 1e30 }, { groupId: true }]) {
    const res = await req('PUT', `/vendor/admin/users/${user.id}/group`, { site, body });
    t.is(res.status, 400, JSON.stringify(body));
    t.regex(res.body.message, /groupId/, JSON.stringify(body));
  }
  const after = (await User.findByPk(user.id))!.get({ plain: true });
  t.like(after, { vendorGroupId: before.vendorGroupId, vendorGroupLocked: 0 });
  t.is((await logsOf(site, 'move-player')).length, 0);
});

test.serial('groups and channels: updates are partial and logged; disabled groups take no players; sortOrder orders the channels players see', async (t) => {
  const site = await factories.createSite();
  const { token, user } = await createDepositor({ siteCode: site });
  const groupId = (await User.findByPk(user.id))!.vendorGroupId!;
  const erc = (await PaymentChannel.findOne({ where: { siteCode: site, key: 'usdt-erc20' } }))!;

  const keys = async () => (await player('GET', '/vendor/channels', token)).body.result.channels.map((c: { name: string }) => c.name);
  t.deepEqual(await keys(), ['TWD Bank Transfer & Card', 'USDT (TRC20)', 'USDT (ERC20)']);
  t.is((await req('PATCH', `/vendor/admin/channels/${erc.id}`, { site, body: { sortOrder: 0, name: { 'en-US': 'Tether ERC20' } } })).body.code, 200);
  const first = (await PaymentChannel.findOne({ where: { siteCode: site, key: 'fiatvendor-twd' } }))!;
  t.is((await req('PATCH', `/vendor/admin/channels/${first.id}`, { site, body: { sortOrder: 10 } })).body.code, 200);
  t.deepEqual(await keys(), ['USDT (TRC20)', 'Tether ERC20', 'TWD Bank Transfer & Card']);
  t.is((await logsOf(site, 'update-channel')).length, 2);

  // The same values again change nothing and log nothing.
  t.is((await req('PATCH', `/vendor/admin/channels/${first.id}`, { site, body: { sortOrder: 10 } })).body.code, 200);
  t.is((await logsOf(site, 'update-channel')).length, 2);

  const renamed = await req('PATCH', `/vendor/admin/groups/${groupId}`, { site, body: { groupName: { 'en-US': 'Taiwan dollars' }, channelIds: [erc.id] } });
  t.like(renamed.body.result, { id: groupId, currency: 'TWD', channelIds: [erc.id], groupName: { 'en-US': 'Taiwan dollars' } });
  t.like((await player('GET', '/vendor/channels', token)).body.result, { groupName: 'Taiwan dollars', channels: [{ id: erc.id }] });
  t.is((await logsOf(site, 'update-group')).length, 1);

  const disabled = await req('POST', '/vendor/admin/groups', { site, body: { groupName: names('Off'), currency: 'TWD', enabled: 0 } });
  t.like((await req('PUT', `/vendor/admin/users/${user.id}/group`, { site, body: { groupId: disabled.body.result.id } })).body, {
    code: 2003,
    message: 'Payment channel group is disabled',
  });
  t.is((await User.findByPk(user.id))!.vendorGroupId, groupId);
  t.is((await req('PUT', `/vendor/admin/users/${user.id}/group`, { site, body: { groupId: 'x' } })).status, 400);
});

test.serial('a disabled channel refuses new orders, and its open order still completes', async (t) => {
  const site = await factories.createSite();
  const { token, user } = await createDepositor({ siteCode: site });
  const trc = (await PaymentChannel.findOne({ where: { siteCode: site, key: 'usdt-trc20' } }))!;
  t.is((await req('PATCH', `/vendor/admin/channels/${trc.id}`, { site, body: { paymentAddress: TRC20 } })).body.code, 200);
  const open = unique();
  t.is((await player('POST', '/deposit', token, { channelId: trc.id, paymentMethod: 'crypto', subOrder: open, orderAmount: '20' })).body.code, 200);

  t.like((await req('PATCH', `/vendor/admin/channels/${trc.id}`, { site, body: { enabled: 0 } })).body.result, { enabled: 0 });
  t.like((await player('POST', '/deposit', token, { channelId: trc.id, paymentMethod: 'crypto', subOrder: unique(), orderAmount: '20' })).body, { code: 2001 });
  t.false((await player('GET', '/vendor/channels', token)).body.result.channels.some((c: { id: number }) => c.id === trc.id));

  const paid = await postUsdtCallback(stack, { subOrder: open, payAmount: 20, txHash: `0x${unique('')}`, payTime: '2026-11-25T14:00:00Z' });
  t.deepEqual(paid.body, { received: true });
  t.like((await DepositOrder.findOne({ where: { subOrder: open } }))?.get({ plain: true }), { status: 'paid', userId: user.id });
});
