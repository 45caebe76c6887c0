import type { WhereData } from '../behaviour';

/** One timed change of state (see ScheduleDecl). */
export interface ScheduledStepDecl {
  /** Its key in the run's answer: how many records it changed (`closed`, `opened`). */
  readonly name: string;
  /** The records it applies to: these values (an array is "one of")… */
  readonly where: WhereData;
  /** …and a date-time field compared with the run's time (`['endTime', '<']`: ended). */
  readonly due: readonly (readonly [field: string, op: '<' | '<=' | '>' | '>='])[];
  /** What it sets (`'$now'`: the run's time); `updateTime` is stamped too when the entity has one. */
  readonly set: Readonly<Record<string, string | number | null>>;
}

/**
 * Changes of state that come with time (a topic opens at its start, closes at its end), declared on the
 * entity and made by the cluster scheduler once per `everyMs` across instances (server/crud/schedule.ts):
 * each step one UPDATE of the due records, the steps in order in one transaction, as the system. Like a
 * counter, the steps write the columns directly: no hooks run (they change state only, never a record's
 * content). The job's name is `<entity>:<name>` (its lease).
 */
export interface ScheduleDecl {
  readonly name: string;
  readonly everyMs: number;
  readonly steps: readonly ScheduledStepDecl[];
}
