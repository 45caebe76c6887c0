import type { RecordData } from '../../../../../resources/behaviour.js';
import type { PortalEntities } from '../../../../crud/entity/install.js';
import { formatDateTime } from '../../../../util/time.js';
import { frozenPerson } from '../peopleSession.js';
import type { VerifiedIdentity } from './identity.js';

/**
 * The member (person) of a verified identity (docs/identity.md "Mapping to a member"): the one linked to
 * the platform's subject; on a first sign-in the member with the same mobile number (a citizen who signed
 * in by phone before), else a new member — real-name verified (认证成功) when the platform gave a name
 * and an ID number. Values the member lacks are filled in; none are overwritten. One transaction.
 */
export async function memberOf(entities: PortalEntities, who: VerifiedIdentity): Promise<RecordData> {
  // The member through the local API (its checks and hooks), the links in the same transaction.
  return entities.transaction(undefined, async (api, trx) => {
    const now = formatDateTime();
    const link = await trx.selectFrom('people_sso_link').selectAll().where('provider', '=', who.provider).where('subject', '=', who.subject).executeTakeFirst();
    let person = link ? await api.findById('person', Number(link.puPeopleId)) : undefined;
    if (!person && who.phone) [person] = await api.find('person', { where: { phone: who.phone }, limit: 1 });
    if (person && Number(person.state) === 1) throw frozenPerson();
    const verified = Boolean(who.name && who.idNumber);
    if (!person) {
      person = await api.create('person', {
        name: who.name, phone: who.phone, idNumber: who.idNumber, authType: 0,
        userStatus: verified ? 2 : 0, authStatus: verified ? 'SUCCESS' : 'WAIT', state: 0, readState: 0,
        auditRemark: verified ? '统一身份认证平台已实名' : null, auditTime: verified ? now : null,
        lastLoginTime: now,
      });
    } else {
      const fill: RecordData = { lastLoginTime: now };
      if (!person.name && who.name) fill.name = who.name;
      if (!person.phone && who.phone) fill.phone = who.phone;
      if (!person.idNumber && who.idNumber) fill.idNumber = who.idNumber;
      person = await api.update('person', Number(person.puPeopleId), fill);
    }
    const puPeopleId = Number(person.puPeopleId);
    if (link) await trx.updateTable('people_sso_link').set({ lastLoginTime: now }).where('provider', '=', who.provider).where('subject', '=', who.subject).execute();
    else await trx.insertInto('people_sso_link').values({ provider: who.provider, subject: who.subject, puPeopleId, createTime: now, lastLoginTime: now }).execute();
    return person;
  });
}
