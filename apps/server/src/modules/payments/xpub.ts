import { createHash } from 'node:crypto';
import { createBase58check } from '@scure/base';
import { HDKey, HARDENED_OFFSET } from '@scure/bip32';
import { NETWORK, TEST_NETWORK, p2wpkh } from '@scure/btc-signer';

/**
 * The site's account-level extended public key (BIP84, native segwit) and the
 * receive addresses derived from it: m/84'/coin'/account'/0/index as P2WPKH.
 * The server only ever holds the public key; any private key is refused.
 *
 * Accepted: zpub (mainnet) and vpub (testnet, regtest), the BIP84 prefixes, and
 * xpub (mainnet) and tpub (testnet, regtest), which many wallets export for the
 * same account key: they are read as BIP84 keys too, so the key must be that of
 * a native segwit account (m/84'/…), or the addresses will not be the wallet's.
 * ypub/upub (BIP49, wrapped segwit) and multisig keys are refused.
 */
export const bitcoinNetworks = ['mainnet', 'testnet', 'regtest'] as const;
export type BitcoinNetwork = (typeof bitcoinNetworks)[number];

export type AccountKeyType = 'xpub' | 'zpub' | 'tpub' | 'vpub';

/** Network parameters of @scure/btc-signer; regtest addresses start bcrt1. */
export type AddressNetwork = typeof NETWORK;
export const REGTEST_NETWORK: AddressNetwork = Object.freeze({ ...TEST_NETWORK, bech32: 'bcrt' });

export function addressNetwork(network: BitcoinNetwork): AddressNetwork {
  switch (network) {
    case 'mainnet':
      return NETWORK;
    case 'testnet':
      return TEST_NETWORK;
    case 'regtest':
      return REGTEST_NETWORK;
  }
}

interface KeyVersion {
  type: AccountKeyType;
  chain: 'main' | 'test';
  public: number;
  private: number;
}

const accountKeyVersions: readonly KeyVersion[] = [
  { type: 'xpub', chain: 'main', public: 0x0488b21e, private: 0x0488ade4 },
  { type: 'zpub', chain: 'main', public: 0x04b24746, private: 0x04b2430c },
  { type: 'tpub', chain: 'test', public: 0x043587cf, private: 0x04358394 },
  { type: 'vpub', chain: 'test', public: 0x045f1cf6, private: 0x045f18bc },
];

/** Version bytes of the private keys of every common kind (xprv … Vprv). */
const privateVersions = new Set([
  ...accountKeyVersions.map((v) => v.private),
  0x049d7878, // yprv
  0x044a4e28, // uprv
  0x0295b005, // Yprv
  0x02aa7a99, // Zprv
  0x024285b5, // Uprv
  0x02575048, // Vprv
]);

/** Public kinds that are not single-key native segwit: refused with their name. */
const otherPublicVersions = new Map<number, string>([
  [0x049d7cb2, 'a ypub (BIP49 wrapped segwit)'],
  [0x044a5262, 'a upub (BIP49 wrapped segwit)'],
  [0x0295b43f, 'a Ypub (multisig)'],
  [0x02aa7ed3, 'a Zpub (multisig)'],
  [0x024289ef, 'a Upub (multisig)'],
  [0x02575483, 'a Vpub (multisig)'],
]);

const base58check = createBase58check(
  (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()),
);

export class AccountKeyError extends Error {
  override name = 'AccountKeyError';
}

/**
 * A parsed account key. Its key material stays in private fields, so logging
 * or serializing the config never prints the key (which reveals every address).
 */
export class BitcoinAccount {
  readonly #receiveChain: HDKey;

  constructor(
    readonly network: BitcoinNetwork,
    readonly keyType: AccountKeyType,
    /** Fingerprint of the account key (8 hex digits): names the key without revealing it. */
    readonly fingerprint: string,
    receiveChain: HDKey,
  ) {
    this.#receiveChain = receiveChain;
    Object.freeze(this);
  }

  /** The P2WPKH address m/…/0/index. */
  receiveAddress(index: number): string {
    if (!Number.isSafeInteger(index) || index < 0 || index >= HARDENED_OFFSET) {
      throw new RangeError(`address index must be an integer from 0 to 2^31-1, got ${index}`);
    }
    const publicKey = this.#receiveChain.deriveChild(index).publicKey;
    if (!publicKey) throw new Error('derived key has no public key');
    const address = p2wpkh(publicKey, addressNetwork(this.network)).address;
    if (!address) throw new Error('P2WPKH gave no address');
    return address;
  }

  toJSON(): { network: BitcoinNetwork; keyType: AccountKeyType; fingerprint: string } {
    return { network: this.network, keyType: this.keyType, fingerprint: this.fingerprint };
  }
}

/** The network a key's prefix names (regtest keys look like testnet ones), or undefined. */
export function networkOfKeyPrefix(key: string): 'mainnet' | 'testnet' | undefined {
  const prefix = key.trim().slice(0, 4);
  if (prefix === 'xpub' || prefix === 'zpub') return 'mainnet';
  if (prefix === 'tpub' || prefix === 'vpub') return 'testnet';
  return undefined;
}

const privateKeyMessage = (setting: string) =>
  `${setting} holds a private key: give the account's extended PUBLIC key ` +
  `(zpub or xpub for mainnet, vpub or tpub for testnet and regtest)`;

/**
 * Reads an account-level extended public key for the network. Throws an
 * AccountKeyError naming the setting, and never quoting the key, when it is
 * private, malformed, of another kind, for another network or not an account key.
 */
export function parseAccountKey(
  key: string,
  network: BitcoinNetwork,
  setting = 'BTC_XPUB',
): BitcoinAccount {
  const text = key.trim();
  if (/^[a-zA-Z]prv/.test(text)) throw new AccountKeyError(privateKeyMessage(setting));
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(text);
  } catch {
    throw new AccountKeyError(
      `${setting} is not an extended public key (not base58check, or a character is wrong)`,
    );
  }
  if (bytes.length !== 78) {
    throw new AccountKeyError(`${setting} is not an extended public key (wrong length)`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(0, false);
  const depth = view.getUint8(4);
  const childIndex = view.getUint32(9, false);
  if (privateVersions.has(version) || bytes[45] === 0) {
    throw new AccountKeyError(privateKeyMessage(setting));
  }
  const other = otherPublicVersions.get(version);
  if (other) {
    throw new AccountKeyError(
      `${setting} is ${other} key: give the native segwit (BIP84) account key, a zpub or xpub (vpub or tpub on testnet and regtest)`,
    );
  }
  const kind = accountKeyVersions.find((v) => v.public === version);
  if (!kind) {
    throw new AccountKeyError(
      `${setting} is not an xpub, zpub, tpub or vpub (unknown version bytes)`,
    );
  }
  const keyChain = kind.chain === 'main' ? 'mainnet' : 'testnet or regtest';
  if ((kind.chain === 'main') !== (network === 'mainnet')) {
    throw new AccountKeyError(
      `${setting} is a ${kind.type}, a ${keyChain} key, but BTC_NETWORK is ${network}`,
    );
  }
  if (depth !== 3 || childIndex < HARDENED_OFFSET) {
    throw new AccountKeyError(
      `${setting} is not an account-level key (depth ${depth}): give the key of the account, ` +
        `m/84'/${kind.chain === 'main' ? 0 : 1}'/0' as wallets export it`,
    );
  }
  let account: HDKey;
  try {
    account = HDKey.fromExtendedKey(text, { public: kind.public, private: kind.private });
  } catch {
    throw new AccountKeyError(`${setting} is not a valid extended public key (bad key point)`);
  }
  const fingerprint = account.fingerprint.toString(16).padStart(8, '0');
  return new BitcoinAccount(network, kind.type, fingerprint, account.deriveChild(0));
}

/**
 * The key itself, its chain code and public key (hex), whatever version bytes spell
 * it (a vpub and a tpub of one account are one key); null when it is no extended key.
 */
export function accountKeyMaterial(key: string): string | null {
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(key.trim());
  } catch {
    return null;
  }
  return bytes.length === 78 ? Buffer.from(bytes.subarray(13)).toString('hex') : null;
}

/** The receive address m/…/0/index of the account. */
export function deriveReceiveAddress(account: BitcoinAccount, index: number): string {
  return account.receiveAddress(index);
}
