import type { FieldDecl, PermissionKeys, ResourceDecl } from './types';

/** Identity helper that checks a declaration against the type and keeps its literal types. */
export function defineResource<const T extends ResourceDecl>(decl: T): T {
  return decl;
}

/** The usual permission keys `name:list`, `name:get`, `name:add`, `name:update`, `name:delete`. */
export function standardPermissions(name: string): PermissionKeys {
  return {
    list: `${name}:list`,
    get: `${name}:get`,
    create: `${name}:add`,
    update: `${name}:update`,
    delete: `${name}:delete`,
  };
}

/** Ownership and time columns every department-owned record carries; the server fills them. */
export const ownershipFields: readonly FieldDecl[] = [
  { name: 'deptId', label: '所属部门', type: 'reference', reference: 'department', readOnly: true },
  { name: 'deptName', label: '部门名称', type: 'text', readOnly: true },
  { name: 'creatorId', label: '创建人ID', type: 'number', readOnly: true },
  { name: 'creatorName', label: '创建人', type: 'text', readOnly: true },
  { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
  { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
];

export const ownership = { department: 'deptId', creator: 'creatorId' } as const;

/** 0/1 switch used by status and flag fields. */
export const enabledOptions = [
  { value: 0, label: '停用' },
  { value: 1, label: '启用' },
] as const;
