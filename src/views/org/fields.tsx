// The plain controlled inputs moved to src/generic/ (the generic tree view uses them too).
export { changedOf, FieldInput, missingRequired } from '../../generic/plainFields';
