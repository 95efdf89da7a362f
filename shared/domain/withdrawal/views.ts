import { CryptoAddress, User, type Withdrawal } from '../../db/models';
import { money } from '../wallet';

/**
 * Withdrawals as players and operators see them (leaves the fields open): the amount, the
 * crypto address's wallet name and network, the address (masked for the player, whole for the operator
 * who pays it), the state and its times.
 */
export type WithdrawalRow = Pick<
  Withdrawal,
  | 'id'
  | 'siteCode'
  | 'userId'
  | 'amount'
  | 'cryptoAddressId'
  | 'status'
  | 'rejectReason'
  | 'reviewedBy'
  | 'reviewedAt'
  | 'completedBy'
  | 'completedAt'
  | 'createdAt'
  | 'updatedAt'
>;

/** The first six and last four characters of an address around `****`. */
export function maskedAddress(address: string): string {
  return address.length <= 10 ? `${address.slice(0, 2)}****${address.slice(-2)}` : `${address.slice(0, 6)}****${address.slice(-4)}`;
}

type AddressOf = Map<number, Pick<CryptoAddress, 'walletName' | 'currency' | 'network' | 'address'>>;

/** The crypto addresses the rows name, by id. */
export async function addressesOf(rows: ReadonlyArray<{ cryptoAddressId: number }>): Promise<AddressOf> {
  const ids = [...new Set(rows.map((r) => r.cryptoAddressId))];
  const found = ids.length ? await CryptoAddress.findAll({ where: { id: ids }, attributes: ['id', 'walletName', 'currency', 'network', 'address'] }) : [];
  return new Map(found.map((a) => [a.id, a]));
}

/** The players' accounts the rows name, by id. */
export async function accountsOf(rows: ReadonlyArray<{ userId: number }>): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.userId))];
  const users = ids.length ? await User.findAll({ where: { id: ids }, attributes: ['id', 'account'] }) : [];
  return new Map(users.map((u) => [u.id, u.account]));
}

export function playerView(row: WithdrawalRow, addresses: AddressOf) {
  const address = addresses.get(row.cryptoAddressId);
  return {
    id: Number(row.id),
    amount: money(row.amount),
    cryptoAddressId: row.cryptoAddressId,
    walletName: address?.walletName ?? '',
    currency: address?.currency ?? '',
    network: address?.network ?? '',
    address: address ? maskedAddress(address.address) : '',
    status: row.status,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt,
    reviewedAt: row.reviewedAt,
    completedAt: row.completedAt,
  };
}

export function adminView(row: WithdrawalRow, addresses: AddressOf, accounts: Map<number, string>) {
  return {
    ...playerView(row, addresses),
    address: addresses.get(row.cryptoAddressId)?.address ?? '',
    siteCode: row.siteCode,
    userId: row.userId,
    account: accounts.get(row.userId) ?? null,
    reviewedBy: row.reviewedBy,
    completedBy: row.completedBy,
    updatedAt: row.updatedAt,
  };
}
