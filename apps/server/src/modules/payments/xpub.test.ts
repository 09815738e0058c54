import { createHash } from 'node:crypto';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { DEMO_BTC_XPUB } from '../../config.js';
import {
  AccountKeyError,
  addressNetwork,
  deriveReceiveAddress,
  parseAccountKey,
  type BitcoinNetwork,
} from './xpub.js';

const base58check = createBase58check(
  (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()),
);

const versions = {
  xpub: { public: 0x0488b21e, private: 0x0488ade4 },
  zpub: { public: 0x04b24746, private: 0x04b2430c },
  tpub: { public: 0x043587cf, private: 0x04358394 },
  vpub: { public: 0x045f1cf6, private: 0x045f18bc },
  ypub: { public: 0x049d7cb2, private: 0x049d7878 },
};

/** BIP84's test vector: the 'abandon … about' mnemonic. */
const abandonSeed = mnemonicToSeedSync(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const BIP84_RECEIVE_0 = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const BIP84_RECEIVE_1 = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';

function account(
  seed: Uint8Array,
  path: string,
  version: { public: number; private: number },
): HDKey {
  return HDKey.fromMasterSeed(seed, version).derive(path);
}

/** The same key bytes under other version bytes (xpub ↔ zpub, tpub ↔ vpub …). */
function withVersion(key: string, version: number): string {
  const bytes = base58check.decode(key);
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(0, version, false);
  return base58check.encode(bytes);
}

function keyError(key: string, network: BitcoinNetwork): AccountKeyError {
  try {
    parseAccountKey(key, network);
  } catch (error) {
    if (error instanceof AccountKeyError) return error;
    throw error;
  }
  throw new Error('parseAccountKey accepted the key');
}

describe('parseAccountKey and deriveReceiveAddress (BIP84 test vectors)', () => {
  it('derives the BIP84 account zpub from the test mnemonic', () => {
    expect(account(abandonSeed, "m/84'/0'/0'", versions.zpub).publicExtendedKey).toBe(BIP84_ZPUB);
  });

  it('derives the first two receive addresses of the zpub', () => {
    const parsed = parseAccountKey(BIP84_ZPUB, 'mainnet');
    expect(parsed.keyType).toBe('zpub');
    expect(parsed.network).toBe('mainnet');
    expect(deriveReceiveAddress(parsed, 0)).toBe(BIP84_RECEIVE_0);
    expect(deriveReceiveAddress(parsed, 1)).toBe(BIP84_RECEIVE_1);
  });

  it('reads the same key given as an xpub as a native segwit account too', () => {
    const xpub = withVersion(BIP84_ZPUB, versions.xpub.public);
    expect(xpub.startsWith('xpub')).toBe(true);
    const parsed = parseAccountKey(xpub, 'mainnet');
    expect(parsed.keyType).toBe('xpub');
    expect(deriveReceiveAddress(parsed, 0)).toBe(BIP84_RECEIVE_0);
    expect(deriveReceiveAddress(parsed, 1)).toBe(BIP84_RECEIVE_1);
    expect(parsed.fingerprint).toBe(parseAccountKey(BIP84_ZPUB, 'mainnet').fingerprint);
  });

  it('ignores spaces around the key', () => {
    expect(deriveReceiveAddress(parseAccountKey(` ${BIP84_ZPUB}\n`, 'mainnet'), 0)).toBe(
      BIP84_RECEIVE_0,
    );
  });

  it('gives tb1 addresses for a testnet vpub or tpub and bcrt1 on regtest', () => {
    const vpub = account(abandonSeed, "m/84'/1'/0'", versions.vpub).publicExtendedKey;
    expect(vpub.startsWith('vpub')).toBe(true);
    const testnet = parseAccountKey(vpub, 'testnet');
    const first = deriveReceiveAddress(testnet, 0);
    expect(first).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    // Checked against other BIP84 wallets for this mnemonic on testnet.
    expect(first).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    const tpub = withVersion(vpub, versions.tpub.public);
    expect(deriveReceiveAddress(parseAccountKey(tpub, 'testnet'), 0)).toBe(first);
    const regtest = deriveReceiveAddress(parseAccountKey(vpub, 'regtest'), 0);
    expect(regtest).toMatch(/^bcrt1q/);
    expect(regtest.slice('bcrt1q'.length, -6)).toBe(first.slice('tb1q'.length, -6));
    expect(addressNetwork('regtest').bech32).toBe('bcrt');
  });

  it('gives distinct addresses per index and refuses an index out of range', () => {
    const parsed = parseAccountKey(BIP84_ZPUB, 'mainnet');
    const addresses = new Set(
      [0, 1, 2, 3, 2 ** 31 - 1].map((i) => deriveReceiveAddress(parsed, i)),
    );
    expect(addresses.size).toBe(5);
    for (const index of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expect(() => deriveReceiveAddress(parsed, index)).toThrow(RangeError);
    }
  });

  it('refuses private keys of every kind, without quoting them', () => {
    const master = HDKey.fromMasterSeed(abandonSeed, versions.xpub);
    const xprv = master.derive("m/84'/0'/0'").privateExtendedKey;
    expect(xprv.startsWith('xprv')).toBe(true);
    const zprv = account(abandonSeed, "m/84'/0'/0'", versions.zpub).privateExtendedKey;
    const vprv = account(abandonSeed, "m/84'/1'/0'", versions.vpub).privateExtendedKey;
    const tprv = account(abandonSeed, "m/84'/1'/0'", versions.tpub).privateExtendedKey;
    const yprv = account(abandonSeed, "m/49'/0'/0'", versions.ypub).privateExtendedKey;
    // Private key bytes under a public version: still refused as private.
    const disguised = withVersion(zprv, versions.zpub.public);
    for (const [key, network] of [
      [xprv, 'mainnet'],
      [zprv, 'mainnet'],
      [vprv, 'testnet'],
      [tprv, 'regtest'],
      [yprv, 'mainnet'],
      [disguised, 'mainnet'],
      [`${xprv.slice(0, -1)}x`, 'mainnet'],
    ] as const) {
      const error = keyError(key, network);
      expect(error.message).toContain(
        "BTC_XPUB holds a private key: give the account's extended PUBLIC key",
      );
      expect(error.message).not.toContain(key.slice(4, 20));
    }
  });

  it.each([
    ['garbage', 'not-a-key', 'not an extended public key'],
    ['a bad checksum', `${BIP84_ZPUB.slice(0, -1)}t`, 'not an extended public key'],
    ['a wrong length', base58check.encode(new Uint8Array(40)), 'wrong length'],
    ['an empty key', '', 'not an extended public key'],
  ])('refuses %s naming BTC_XPUB', (_what, key, reason) => {
    const error = keyError(key, 'mainnet');
    expect(error.message).toContain('BTC_XPUB');
    expect(error.message).toContain(reason);
  });

  it('refuses a key for another network', () => {
    const vpub = account(abandonSeed, "m/84'/1'/0'", versions.vpub).publicExtendedKey;
    expect(keyError(vpub, 'mainnet').message).toMatch(/vpub.*BTC_NETWORK is mainnet/);
    expect(keyError(BIP84_ZPUB, 'testnet').message).toMatch(/zpub.*BTC_NETWORK is testnet/);
    expect(keyError(withVersion(BIP84_ZPUB, versions.xpub.public), 'regtest').message).toContain(
      'BTC_NETWORK is regtest',
    );
  });

  it('refuses wrapped segwit and keys that are not at the account level', () => {
    const ypub = account(abandonSeed, "m/49'/0'/0'", versions.ypub).publicExtendedKey;
    expect(keyError(ypub, 'mainnet').message).toContain('ypub (BIP49');
    const master = HDKey.fromMasterSeed(abandonSeed, versions.zpub).publicExtendedKey;
    expect(keyError(master, 'mainnet').message).toContain('not an account-level key (depth 0)');
    const chain = parseAccountKeyChild(BIP84_ZPUB);
    expect(keyError(chain, 'mainnet').message).toContain('depth 4');
  });

  it('keeps the key out of logs and JSON', () => {
    const parsed = parseAccountKey(BIP84_ZPUB, 'mainnet');
    const json = JSON.stringify({ parsed });
    expect(json).not.toContain('zpub6');
    expect(JSON.parse(json)).toEqual({
      parsed: { network: 'mainnet', keyType: 'zpub', fingerprint: parsed.fingerprint },
    });
    expect(parsed.fingerprint).toMatch(/^[0-9a-f]{8}$/);
  });
});

/** Public demo mnemonic (see DEMO_BTC_XPUB in config.ts): never for real funds. */
const DEMO_BTC_MNEMONIC =
  'soft escape near raise seed toddler father solve blue outdoor upper beach';

describe('the demo key', () => {
  it("is the vpub of m/84'/1'/0' of the published demo mnemonic", () => {
    const label = 'adboard public demo key: never for real funds';
    const entropy = createHash('sha256').update(label).digest().subarray(0, 16);
    expect(entropyToMnemonic(new Uint8Array(entropy), wordlist)).toBe(DEMO_BTC_MNEMONIC);
    const seed = mnemonicToSeedSync(DEMO_BTC_MNEMONIC);
    expect(account(seed, "m/84'/1'/0'", versions.vpub).publicExtendedKey).toBe(DEMO_BTC_XPUB);
    expect(deriveReceiveAddress(parseAccountKey(DEMO_BTC_XPUB, 'testnet'), 0)).toMatch(/^tb1q/);
  });
});

/** The zpub of m/84'/0'/0'/0: a chain key, one level below the account. */
function parseAccountKeyChild(zpub: string): string {
  return HDKey.fromExtendedKey(zpub, versions.zpub).deriveChild(0).publicExtendedKey;
}
