import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nftSqlStates } from '@starforge/nft-published/sql-states';
import { apiErrorOfPostgres, type Sql } from '@starforge/service-kit';
import { nftTestSql } from '../testing/harness';

let sql: Sql;
beforeAll(async () => {
  sql = await nftTestSql();
});
afterAll(() => sql.end());

const user = () => randomUUID();
const image = async () => {
  const key = randomUUID().replaceAll('-', '').repeat(2);
  await sql`insert into nft.images (key, content_type, byte_size, first_uploaded_by) values (${key}, 'image/png', 68, ${user()})`;
  return key;
};
/** An NFT made on /nft-creator (completed at once), as the marketplace makes it. */
const created = async (owner: string, overrides: { imageKey?: string | null; tags?: string[] } = {}) => {
  const imageKey = overrides.imageKey === undefined ? await image() : overrides.imageKey;
  const [row] = await sql<{ id: string }[]>`
    select nft.create_completed_nft(${owner}, 'Comet', 'A comet made on the creator.', 'Art', ${imageKey}, ${overrides.tags ?? ['sky']},
                                    false, null, 5, 'ethereum') as id`;
  return row?.id as string;
};
/** A wizard mint still pending (its job has not run). */
const pending = async (owner: string) => {
  const [row] = await sql<{ id: string }[]>`
    insert into nft.nft_mints (user_id, name, description, category, image_key, origin, original_creator_id, current_owner_id)
    values (${owner}, 'Nova', 'A pending mint here.', 'Art', ${await image()}, 'wizard', ${owner}, ${owner}) returning id`;
  return row?.id as string;
};
const ownedNft = (nftId: string, userId: string) => sql`select id, current_owner_id, status from nft.owned_nft(${nftId}, ${userId})`;
const transfer = (nftId: string, from: string, to: string, key: string) =>
  sql<{ moved: boolean }[]>`select nft.transfer_ownership(${nftId}, ${from}, ${to}, ${key}) as moved`.then((r) => r[0]?.moved);
const ownerOf = async (nftId: string) => (await sql`select current_owner_id from nft.nfts where id = ${nftId}`)[0]?.currentOwnerId;
/** The SQLSTATE a call fails with. */
const stateOf = (call: Promise<unknown>) =>
  call.then(
    () => 'no error',
    (error: unknown) => (error instanceof postgres.PostgresError ? error.code : String(error)),
  );

describe('nft.owned_nft', () => {
  it('answers the NFT for its current owner when it is minted, else NF001 / NF002 / NF003', async () => {
    const owner = user();
    const id = await created(owner);
    expect(await ownedNft(id, owner)).toEqual([{ id, currentOwnerId: owner, status: 'completed' }]);
    expect(await stateOf(ownedNft(randomUUID(), owner))).toBe('NF001');
    expect(await stateOf(ownedNft(id, user()))).toBe('NF002');
    expect(await stateOf(ownedNft(await pending(owner), owner))).toBe('NF003');
  });

  it("holds the NFT's row until the caller's transaction ends", async () => {
    const owner = user();
    const id = await created(owner);
    const order: string[] = [];
    let moving: Promise<unknown> | undefined;
    await sql.begin(async (tx) => {
      await tx`select 1 from nft.owned_nft(${id}, ${owner})`;
      moving = transfer(id, owner, user(), randomUUID()).then(() => order.push('transfer'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      order.push('lock released');
    });
    await moving;
    expect(order).toEqual(['lock released', 'transfer']);
  });

  it('is answered as the contract says (nftSqlStates): 404, 403, 409, 400', async () => {
    const owner = user();
    const id = await created(owner);
    const answer = async (call: Promise<unknown>) => {
      const error = await call.then(
        () => null,
        (e: unknown) => e,
      );
      const mapped = apiErrorOfPostgres(error, nftSqlStates);
      return mapped && { status: mapped.status, code: mapped.code };
    };
    expect(await answer(ownedNft(randomUUID(), owner))).toEqual({ status: 404, code: 'nft_not_found' });
    expect(await answer(ownedNft(id, user()))).toEqual({ status: 403, code: 'not_owner' });
    expect(await answer(ownedNft(await pending(owner), owner))).toEqual({ status: 409, code: 'not_minted' });
    expect(await answer(created(owner, { imageKey: 'f'.repeat(64) }))).toEqual({ status: 400, code: 'image_not_found' });
  });
});

describe('nft.transfer_ownership', () => {
  it('moves the NFT and records the transfer; the same key again changes nothing and answers false', async () => {
    const [a, b, c] = [user(), user(), user()];
    const id = await created(a);
    const key = `sale:${randomUUID()}`;
    expect(await transfer(id, a, b, key)).toBe(true);
    expect(await ownerOf(id)).toBe(b);
    expect(await transfer(id, a, b, key)).toBe(false);
    // A replay with other arguments is still the same key: nothing moves.
    expect(await transfer(id, b, c, key)).toBe(false);
    expect(await ownerOf(id)).toBe(b);
    expect(await sql`select from_user_id, to_user_id from nft.ownership_transfers where nft_id = ${id}`).toEqual([{ fromUserId: a, toUserId: b }]);
    // The owner and the maker stay apart: the maker is still the maker.
    expect((await sql`select original_creator_id from nft.nfts where id = ${id}`)[0]?.originalCreatorId).toBe(a);
  });

  it('refuses a caller who is not the current owner (NF002), a pending NFT (NF003), an unknown NFT (NF001)', async () => {
    const [a, b] = [user(), user()];
    const id = await created(a);
    expect(await stateOf(transfer(id, b, a, randomUUID()))).toBe('NF002');
    expect(await transfer(id, a, b, randomUUID())).toBe(true);
    // The former owner cannot move it again.
    expect(await stateOf(transfer(id, a, user(), randomUUID()))).toBe('NF002');
    expect(await stateOf(transfer(await pending(a), a, b, randomUUID()))).toBe('NF003');
    expect(await stateOf(transfer(randomUUID(), a, b, randomUUID()))).toBe('NF001');
    expect(await ownerOf(id)).toBe(b);
  });

  it('refuses missing users (22004), a transfer to the owner or without a key (22023)', async () => {
    const a = user();
    const id = await created(a);
    expect(await stateOf(sql`select nft.transfer_ownership(${id}, ${a}, null, 'k')`)).toBe('22004');
    expect(await stateOf(sql`select nft.transfer_ownership(${id}, null, ${a}, 'k')`)).toBe('22004');
    expect(await stateOf(transfer(id, a, a, randomUUID()))).toBe('22023');
    expect(await stateOf(transfer(id, a, user(), ''))).toBe('22023');
    expect(await ownerOf(id)).toBe(a);
  });

  it('lets exactly one of 10 concurrent transfers of one NFT by its owner win (different keys); the rest are NF002', async () => {
    const owner = user();
    const id = await created(owner);
    const buyers = Array.from({ length: 10 }, user);
    const outcomes = await Promise.all(buyers.map((buyer) => stateOf(transfer(id, owner, buyer, randomUUID()))));
    expect(outcomes.filter((o) => o === 'no error')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'NF002')).toHaveLength(9);
    const winner = buyers[outcomes.indexOf('no error')];
    expect(await ownerOf(id)).toBe(winner);
    expect(await sql`select to_user_id from nft.ownership_transfers where nft_id = ${id}`).toEqual([{ toUserId: winner }]);
  });

  it('moves once when the same key is sent 10 times at once', async () => {
    const [owner, buyer] = [user(), user()];
    const id = await created(owner);
    const key = randomUUID();
    const moved = await Promise.all(Array.from({ length: 10 }, () => transfer(id, owner, buyer, key)));
    expect(moved.filter(Boolean)).toHaveLength(1);
    expect(await sql`select 1 from nft.ownership_transfers where key = ${key}`).toHaveLength(1);
  });
});

describe('nft.create_completed_nft', () => {
  it('creates the NFT completed at once: origin creator, network, tx hash, token id, minted time, owned and made by the caller', async () => {
    const owner = user();
    const key = await image();
    const id = await created(owner, { imageKey: key });
    const [row] = await sql`select * from nft.nfts where id = ${id}`;
    expect(row).toMatchObject({
      name: 'Comet',
      category: 'Art',
      imageKey: key,
      tags: ['sky'],
      status: 'completed',
      origin: 'creator',
      network: 'ethereum',
      originalCreatorId: owner,
      currentOwnerId: owner,
      isLimitedEdition: false,
      editionSize: null,
    });
    expect(row?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(row?.tokenId).toMatch(/^[1-9][0-9]*$/);
    expect(row?.mintedAt).toBeInstanceOf(Date);
  });

  it('takes no image (the placeholder) and stores no tags as null; an unknown image is NF004', async () => {
    const owner = user();
    const id = await created(owner, { imageKey: null, tags: [] });
    expect(await sql`select image_key, tags from nft.nfts where id = ${id}`).toEqual([{ imageKey: null, tags: null }]);
    expect(await stateOf(created(owner, { imageKey: 'a'.repeat(64) }))).toBe('NF004');
  });

  it('earns no mint points and does not count as a minted NFT (services/nft/README.md says why)', async () => {
    const owner = user();
    await created(owner);
    expect(await sql`select 1 from rewards.transactions where user_id = ${owner}`).toHaveLength(0);
    expect(await sql`select 1 from rewards.leaderboard_stats where user_id = ${owner} and total_nfts > 0`).toHaveLength(0);
  });
});
