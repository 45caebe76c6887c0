import type { Db, RowOf } from '../../../../db/types.js';
import { formatDateTime } from '../../../../util/time.js';
import { frozenPerson } from '../peopleSession.js';
import type { VerifiedIdentity } from './identity.js';

/**
 * The member (person) of a verified identity (docs/identity.md "Mapping to a member"): the one linked to
 * the platform's subject; on a first sign-in the member with the same mobile number (a citizen who signed
 * in by phone before), else a new member — real-name verified (认证成功) when the platform gave a name
 * and an ID number. Values the member lacks are filled in; none are overwritten. One transaction.
 */
export async function memberOf(db: Db, who: VerifiedIdentity): Promise<RowOf<'person'>> {
  return db.transaction().execute(async (trx) => {
    const now = formatDateTime();
    const link = await trx.selectFrom('people_sso_link').selectAll().where('provider', '=', who.provider).where('subject', '=', who.subject).executeTakeFirst();
    let person = link ? await trx.selectFrom('person').selectAll().where('puPeopleId', '=', link.puPeopleId).executeTakeFirst() : undefined;
    if (!person && who.phone) person = await trx.selectFrom('person').selectAll().where('phone', '=', who.phone).orderBy('puPeopleId', 'asc').executeTakeFirst();
    if (person && Number(person.state) === 1) throw frozenPerson();
    const verified = Boolean(who.name && who.idNumber);
    if (!person) {
      const inserted = await trx
        .insertInto('person')
        .values({
          name: who.name, phone: who.phone, idNumber: who.idNumber, authType: 0,
          userStatus: verified ? 2 : 0, authStatus: verified ? 'SUCCESS' : 'WAIT', state: 0, readState: 0,
          auditRemark: verified ? '统一身份认证平台已实名' : null, auditTime: verified ? now : null,
          lastLoginTime: now, createTime: now, updateTime: now,
        })
        .returning('puPeopleId')
        .executeTakeFirstOrThrow();
      person = await trx.selectFrom('person').selectAll().where('puPeopleId', '=', inserted.puPeopleId).executeTakeFirstOrThrow();
    } else {
      const fill: Partial<RowOf<'person'>> = { lastLoginTime: now, updateTime: now };
      if (!person.name && who.name) fill.name = who.name;
      if (!person.phone && who.phone) fill.phone = who.phone;
      if (!person.idNumber && who.idNumber) fill.idNumber = who.idNumber;
      await trx.updateTable('person').set(fill).where('puPeopleId', '=', person.puPeopleId).execute();
      person = { ...person, ...fill };
    }
    if (link) await trx.updateTable('people_sso_link').set({ lastLoginTime: now }).where('provider', '=', who.provider).where('subject', '=', who.subject).execute();
    else await trx.insertInto('people_sso_link').values({ provider: who.provider, subject: who.subject, puPeopleId: person.puPeopleId, createTime: now, lastLoginTime: now }).execute();
    return person;
  });
}
