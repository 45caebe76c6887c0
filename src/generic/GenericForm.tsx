import { lazy, Suspense, type ReactElement } from 'react';
import { hasEditForm } from '../../resources/declaredCalls';
import {
  Create,
  DeleteButton,
  Edit,
  type Identifier,
  ListButton,
  SaveButton,
  Show,
  ShowButton,
  EditButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useRedirect,
} from 'react-admin';
import type { FieldDecl, ResourceDecl } from '../../resources/types';
import { useIdempotencyKey } from '../components/form/useIdempotencyKey';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { ShowGrid } from './ShowGrid';
import { FormGrid } from './FormGrid';
import { renderInput } from './inputs';
import { formLinks, LinksInput } from './LinksInput';
import { RecordActions } from './ActionButtons';
import { Panels } from './ListPanels';
import { ShowChips } from './ShowChips';
import { SubmitsToolbar } from './FormSubmits';
import { FieldsFromInput } from './FieldsFromInput';
import { ShowTables } from './ShowTables';
import { RelatedRecords } from './RelatedRecords';
import { ShowPaged } from './ShowPaged';
import { ShowStatus } from './ShowStatus';
import { ChildRowsInput, formChildCollections } from './ChildRowsInput';

// recharts comes only with a show view that declares charts (showCharts).
const ShowCharts = lazy(() => import('./ShowCharts'));

/** Fields of the create and edit forms: `form` in order, else every field that is not read-only. */
export function formFields(decl: ResourceDecl): FieldDecl[] {
  if (decl.form) {
    return decl.form.map((name) => decl.fields.find((f) => f.name === name)).filter((f) => f !== undefined);
  }
  return decl.fields.filter((f) => !f.readOnly && f.name !== decl.idField);
}

/** Fields of the show view: `show` in order, else every field. */
export function showFields(decl: ResourceDecl): FieldDecl[] {
  if (decl.show) {
    return decl.show.map((name) => decl.fields.find((f) => f.name === name)).filter((f) => f !== undefined);
  }
  return [...decl.fields];
}

/**
 * react-admin resets the form when its initial values are recomputed (which can happen just after the
 * form shows); keeping dirty values means what the user typed meanwhile is not wiped.
 *
 * `authLoading={false}` on Create and Edit: on the first visit react-admin renders the form before its
 * canAccess query exists, then swaps the form for a spinner while the query is pending and mounts a new
 * form when it resolves, so whatever was typed in the first ~100 ms was lost. The access check still runs
 * (and redirects when refused); the server refuses the call anyway.
 */
const keepTyped = { keepDirtyValues: true } as const;

/** A write-only field (a password) is asked on create only: an edit keeps the stored value. */
function inputs(decl: ResourceDecl, mode: 'create' | 'edit'): ReactElement {
  const links = formLinks(decl);
  const fields = formFields(decl).filter((f) => mode === 'create' || !f.writeOnly);
  const grid = <FormGrid fields={fields} render={(field) => renderInput(field, decl)} />;
  const children = formChildCollections(decl);
  if (!links.length && !decl.formFieldsFrom && !children.length) return grid;
  return (
    <>
      {grid}
      {children.map((child) => (
        <ChildRowsInput key={child.name} decl={decl} child={child} />
      ))}
      {decl.formFieldsFrom && <FieldsFromInput decl={decl} />}
      {links.map((link) => (
        <LinksInput key={link.name} link={link} />
      ))}
    </>
  );
}

function CreateActions() {
  return (
    <TopToolbar>
      <ListButton label="返回列表" />
    </TopToolbar>
  );
}

function EditActions() {
  return (
    <TopToolbar>
      <ShowButton />
      <ListButton label="返回列表" />
    </TopToolbar>
  );
}

function EditToolbar() {
  const onError = useErrorNotifier();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" mutationOptions={{ onError }} />
    </Toolbar>
  );
}

function CreateToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** Create form from the declaration; on success a 3 s toast and back to the list. */
export function GenericCreate({ decl }: { decl: ResourceDecl }) {
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const redirect = useRedirect();
  // One key while the form is open: a double click on 保存 stores one record.
  const idempotencyKey = useIdempotencyKey();
  return (
    <Create
      resource={decl.name}
      authLoading={false}
      title={`新建${decl.label}`}
      actions={<CreateActions />}
      mutationOptions={{
        meta: { idempotencyKey },
        onError,
        onSuccess: () => {
          success('ra.notification.created');
          redirect('list', decl.name);
        },
      }}
    >
      <SimpleForm toolbar={decl.formSubmits ? <SubmitsToolbar decl={decl} mode="create" /> : <CreateToolbar />} resetOptions={keepTyped}>{inputs(decl, 'create')}</SimpleForm>
    </Create>
  );
}

/**
 * Edit form from the declaration. Pessimistic, so a refusal (a validation message, 未修改任何内容，不需要提交)
 * leaves the form as it was; the data provider sends only the changed fields plus the id. `id` when the
 * route does not name it (a spec page's ?id=, FormPage.tsx).
 */
export function GenericEdit({ decl, id }: { decl: ResourceDecl; id?: Identifier }) {
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const redirect = useRedirect();
  return (
    <Edit
      resource={decl.name}
      id={id}
      authLoading={false}
      title={`编辑${decl.label}`}
      actions={<EditActions />}
      mutationMode="pessimistic"
      queryOptions={{
        onError: (error: unknown) => {
          onError(error);
          redirect('list', decl.name);
        },
      }}
      mutationOptions={{
        onError,
        onSuccess: () => {
          success('ra.notification.updated');
          redirect('list', decl.name);
        },
      }}
    >
      <SimpleForm toolbar={decl.formSubmits ? <SubmitsToolbar decl={decl} mode="edit" /> : <EditToolbar />} resetOptions={keepTyped}>{inputs(decl, 'edit')}</SimpleForm>
    </Edit>
  );
}

function ShowActions({ decl }: { decl: ResourceDecl }) {
  return (
    <TopToolbar>
      <RecordActions decl={decl} place="show" />
      {hasEditForm(decl) && <EditButton />}
      <ListButton label="返回列表" />
    </TopToolbar>
  );
}

/** Read-only view of one record: `show` fields or all of them; `id` when the route does not name it (a spec page's ?id=). */
export function GenericShow({ decl, id }: { decl: ResourceDecl; id?: Identifier }) {
  const onError = useErrorNotifier();
  const redirect = useRedirect();
  return (
    <Show
      resource={decl.name}
      id={id}
      title={`查看${decl.label}`}
      actions={<ShowActions decl={decl} />}
      queryOptions={{
        onError: (error: unknown) => {
          onError(error);
          redirect('list', decl.name);
        },
      }}
    >
      <ShowChips decl={decl} />
      <ShowGrid decl={decl} fields={showFields(decl)} />
      <ShowTables decl={decl} />
      {decl.showCharts && (
        <Suspense fallback={null}>
          <ShowCharts decl={decl} />
        </Suspense>
      )}
      <ShowPaged decl={decl} />
      <ShowStatus decl={decl} />
      {/* Declared panels (resources' showPanels) under the fields, with the record in context. */}
      {decl.showPanels?.length ? <Panels decl={decl} names={decl.showPanels} /> : null}
      {decl.related ? <RelatedRecords decl={decl} /> : null}
    </Show>
  );
}
