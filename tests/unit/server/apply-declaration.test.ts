import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import apply from '../../../resources/apply';
import { hasEditForm } from '../../../resources/declaredCalls';
import { addWorkingDays, deadlineState, isOverdue, workingDaysLeft } from '../../../resources/shape/workingDays';
import type { ResourceDecl } from '../../../resources/types';
import { applyCondition } from '../../../server/crud/behaviour';
import { applyFilters } from '../../../server/crud/listQuery';
import behaviour from '../../../server/entities/apply';

// The generic pieces 依申请公开 moved onto (issue 19, session 24), without a server; tests/api/apply.test.ts
// runs them over HTTP on both databases.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const decl = apply as unknown as ResourceDecl;
const listWhere = behaviour.hooks!.listWhere![0]!;

describe('依申请公开 on the declarations', () => {
  it('a filter on a virtual field is left to listWhere, which answers a query-builder condition', async () => {
    const plain = applyFilters(db.selectFrom('apply').selectAll(), decl, { overdue: 1, status: 1 }).compile();
    expect(plain.sql).not.toContain('overdue');
    expect(plain.sql).toContain('"status" = ?');
    const condition = await listWhere({ search: { overdue: 1 } });
    const q = applyCondition(db.selectFrom('apply').selectAll(), condition).compile();
    expect(q.sql).toMatch(/"status" in \(\?, \?\) and "deadline" < \?/);
    const both = applyCondition(db.selectFrom('apply').selectAll(), await listWhere({ search: { overdue: 0, dueWithin: 3 } })).compile();
    expect(both.sql).toContain(' or ');
    expect(both.sql).toContain('"deadline" <= ?');
    expect(await listWhere({ search: {} })).toBeUndefined();
    await expect(Promise.resolve().then(() => listWhere({ search: { dueWithin: 'x' } }))).rejects.toThrow('dueWithin的值应为0到60的整数（工作日）');
    // WhereData still works as before.
    expect(applyCondition(db.selectFrom('apply').selectAll(), { status: [0, 1] }).compile().sql).toContain('"status" in (?, ?)');
  });

  it('the virtual fields: overdue, the countdown with its data-overdue mark, the applicant', () => {
    const field = (name: string) => decl.fields.find((f) => f.name === name)!;
    const late = { status: 1, deadline: '2020-01-01', applicantType: 2, orgName: '某公司', name: null };
    expect(field('overdue').compute!(late)).toBe(1);
    expect(field('applicant').compute!(late)).toBe('某公司');
    const shown = { ...late, overdue: 1 };
    expect(field('timeLeft').display!.format!(shown)).toBe('已超期');
    expect(field('timeLeft').display!.data!(shown)).toEqual({ overdue: '1' });
    expect(field('timeLeft').display!.format!({ status: 2, deadline: '2020-01-01', overdue: 0 })).toBe('已办结');
    expect(field('overdue').compute!({ status: 2, deadline: '2020-01-01' })).toBe(0);
  });

  it('no edit form where the update call serves the steps; working days skip weekends', () => {
    expect(hasEditForm(decl)).toBe(false);
    expect(hasEditForm({ ...decl, api: { ...decl.api, update: { path: '/x/update' } } })).toBe(true);
    expect(addWorkingDays('2026-03-06 10:00:00', 1)).toBe('2026-03-09');
    expect(workingDaysLeft('2025-03-14', '2025-03-07')).toBe(5);
    expect(isOverdue({ status: 0, deadline: '2025-03-06' }, [0, 1], '2025-03-07')).toBe(true);
    expect(deadlineState({ status: 0, deadline: '2025-03-12', overdue: 0 }, [0, 1], 3, '2025-03-07')).toEqual({ kind: 'left', days: 3, soon: true });
  });
});
