// Play by turns' crypto (web/front/js/turns/): the table's keys from its secret,
// the game sealed and opened, the Nostr event made and checked, and the signed
// log checked against the rules' reading of a game, with every refusal.
import assert from "node:assert/strict";
import { test } from "node:test";

const secret = await import("../../web/front/js/turns/secret.js");
const nostr = await import("../../web/front/js/turns/nostr.js");
const { signEntry, checkLog, compare, Refused, seatKey } = await import("../../web/front/js/turns/log.js");
nostr.useLibrary(new URL("../../node_modules/@noble/secp256k1/index.js", import.meta.url).href);

test("every device derives the same keys from a table's secret, another secret others", async () => {
  const { id, secret: s } = secret.newTable();
  assert.match(id, secret.TABLE_SHAPE);
  assert.match(s, secret.SECRET_SHAPE);
  const a = await secret.tableKeys(s);
  const b = await secret.tableKeys(s);
  const c = await secret.tableKeys(secret.newTable().secret);
  assert.deepEqual(a.nostr, b.nostr);
  assert.equal(a.tag, b.tag);
  assert.notEqual(a.tag, c.tag);
  const sealed = await secret.seal(a.aes, "the game, é");
  assert.equal(await secret.unseal(b.aes, sealed), "the game, é");
  await assert.rejects(secret.unseal(c.aes, sealed), "another table's key opens nothing");
  const bytes = secret.unb64(sealed);
  bytes[20] ^= 1;
  await assert.rejects(secret.unseal(a.aes, secret.b64(bytes)), "a changed byte is refused");
  await assert.rejects(secret.tableKeys("short"));
});

test("the table's event is signed by its author and refused once changed", async () => {
  const keys = await secret.tableKeys(secret.newTable().secret);
  const author = await nostr.authorOf(keys.nostr);
  const event = await nostr.makeEvent(keys.nostr, keys.tag, "sealed", 1_800_000_000);
  assert.equal(event.kind, nostr.TURNS_KIND);
  assert.deepEqual(event.tags, [["d", keys.tag]]);
  assert.equal(event.pubkey, author);
  assert.ok(await nostr.isTables(event, author, keys.tag));
  assert.ok(!(await nostr.isTables({ ...event, content: "other" }, author, keys.tag)));
  assert.ok(!(await nostr.isTables(event, author, "f".repeat(32))));
  const other = await secret.tableKeys(secret.newTable().secret);
  const forged = await nostr.makeEvent(other.nostr, keys.tag, "sealed", 1_800_000_000);
  assert.ok(!(await nostr.isTables(forged, author, keys.tag)), "another author");
});

/** A game as the rules would read it: two seats, then decisions. */
function reading(decisions, players = ["Ann", "Bob"]) {
  return { ok: true, deal: "d1", seats: ["human", "human"], players, decisions, toMove: 0, over: false, scores: null };
}

async function table() {
  const ann = await seatKey();
  const bob = await seatKey();
  const log = [];
  log.push(await signEntry("t1", log, ["open", "d1", ["human", "human"], ann.key], ann.signing));
  log.push(await signEntry("t1", log, ["take", 0, "Ann", ann.key], ann.signing));
  log.push(await signEntry("t1", log, ["take", 1, "Bob", bob.key], bob.signing));
  return { ann, bob, log };
}

test("a log whose every decision is signed by its seat is taken, each refusal said", async () => {
  const { ann, bob, log } = await table();
  log.push(await signEntry("t1", log, ["move", 0, 0, 0, "m0"], ann.signing));
  log.push(await signEntry("t1", log, ["move", 1, 1, 1, "m1"], bob.signing));
  const read = reading([
    [0, "m0"],
    [1, "m1"],
  ]);
  const payload = { v: 1, table: "t1", game: "g", log };
  const { keys, names } = await checkLog(payload, "t1", read);
  assert.deepEqual(keys, [ann.key, bob.key]);
  assert.deepEqual(names, ["Ann", "Bob"]);
  const refused = async (p, r, code) => {
    await assert.rejects(checkLog(p, "t1", r), (error) => error instanceof Refused && error.code === code);
  };
  await refused({ ...payload, table: "t2" }, read, "other-table");
  await refused(
    payload,
    reading([
      [0, "m0"],
      [1, "m2"],
    ]),
    "tampered",
  );
  await refused(
    payload,
    reading([
      [0, "m0"],
      [1, "m1"],
      [0, "m3"],
    ]),
    "tampered",
  );
  await refused(
    payload,
    reading(
      [
        [0, "m0"],
        [1, "m1"],
      ],
      ["Ann", "Eve"],
    ),
    "tampered",
  );
  // Bob's decision signed by Ann's key: the wrong seat.
  const wrong = [...log.slice(0, 4), await signEntry("t1", log.slice(0, 4), ["move", 1, 1, 0, "m1"], ann.signing)];
  await refused({ ...payload, log: wrong }, read, "wrong-seat");
  const forged = [...log.slice(0, 4), await signEntry("t1", log.slice(0, 4), ["move", 1, 1, 1, "m1"], ann.signing)];
  await refused({ ...payload, log: forged }, read, "wrong-seat");
  // A move kept whole rather than as its signature: not the log's form.
  const whole = log.map((entry, k) => (k === 3 ? { e: ["move", 0, 0, 0, "m0"], s: entry.s } : entry));
  await refused({ ...payload, log: whole }, read, "tampered");
  assert.ok(
    log.slice(3).every((entry) => entry.e === undefined && Number.isInteger(entry.b)),
    "a move is its signature",
  );
  // A signature moved to another place in the log, or changed.
  const swapped = log.map((entry, k) => (k === 3 ? { ...entry, s: log[4].s } : entry));
  await refused({ ...payload, log: swapped }, read, "tampered");
  // A seat taken twice.
  const eve = await seatKey();
  const twice = [...log.slice(0, 3), await signEntry("t1", log.slice(0, 3), ["take", 1, "Eve", eve.key], eve.signing)];
  await refused({ ...payload, log: twice }, reading([]), "wrong-seat");
});

test("versions compare the same way on every device: extends, shorter, and forks by one rule", async () => {
  const { ann, bob, log } = await table();
  const one = [...log, await signEntry("t1", log, ["move", 0, 0, 0, "a"], ann.signing)];
  const two = [...one, await signEntry("t1", one, ["move", 1, 1, 1, "b"], bob.signing)];
  const fork = [...log, await signEntry("t1", log, ["move", 0, 0, 0, "c"], ann.signing)];
  assert.equal(compare(one, two), "extends");
  assert.equal(compare(two, one), "shorter");
  assert.equal(compare(two, two), "same");
  const [first, second] = [compare(one, fork), compare(fork, one)];
  assert.deepEqual([first, second].sort(), ["loses", "wins"], "one fork wins on both devices");
  assert.equal(compare(fork, two), "wins", "the longer fork wins");
  assert.equal(compare(two, fork), "loses");
  // A seat taken on one device while another played: the decision wins, at any
  // signature (the take is taken again on top of it), on both devices.
  const eve = await seatKey();
  for (let tries = 0; tries < 4; tries++) {
    const taken = [
      ...log.slice(0, 2),
      await signEntry("t1", log.slice(0, 2), ["take", 1, "Eve", eve.key], eve.signing),
    ];
    const played = [...log.slice(0, 2), await signEntry("t1", log.slice(0, 2), ["move", 0, 0, 0, "a"], ann.signing)];
    assert.equal(compare(taken, played), "wins");
    assert.equal(compare(played, taken), "loses");
    const longer = [...taken, await signEntry("t1", taken, ["move", 0, 0, 0, "a"], ann.signing)];
    assert.equal(compare(played, longer), "wins", "more decisions first, then the longer log");
  }
});
