import type { PublicOpRun } from '../../crud/entity/types.js';
import { newQueryCode } from '../../public/guard.js';
import { frozenPerson, personOf } from '../../modules/interaction/people/peopleSession.js';
import { plateFor, plateValues, themeFields, type Channel } from './rules.js';

/**
 * A citizen's post (public operations of resources/theme.ts: /theme/webAdd on a forum plate,
 * /llweb/theme/save, /xaxweb/theme/save): the fields cleaned (refusals name them) before the guard counts
 * the call; a signed-in member's post carries the member (a frozen one is refused); on a plate without
 * 先审后发 it is passed and shown at once. The citizen reads back the id, the query code and the time.
 */
function post(channel: Channel): PublicOpRun {
  return {
    check: async ({ body, request }) => {
      const person = await personOf(request.server, request, false);
      if (person && person.state === 1) throw frozenPerson();
      return { ...themeFields(body, channel), plateId: body.plateId ?? null, peopleId: person?.puPeopleId ?? null };
    },
    run: async ({ values, ip, ctx }) => {
      const plate = await plateFor(ctx.trx, values.plateId, channel === 'bbs');
      const direct = plate !== null && Number(plate.needAudit) === 0;
      const queryCode = newQueryCode();
      const record = await ctx.api.create('theme', {
        ...values,
        ...plateValues(plate),
        channel,
        type: 0,
        status: direct ? 1 : 0,
        isShow: direct && values.isOpen === 1 ? 1 : 0,
        queryCode,
        ip,
      });
      return { id: record.id, queryCode, createTime: record.createTime };
    },
  };
}

export const citizenOps = { forumPost: post('bbs'), llPost: post('ll'), xaxPost: post('xax') };
