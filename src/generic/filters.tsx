import type { ReactElement } from 'react';
import { NumberInput, SelectInput, TextInput } from 'react-admin';
import { dateRangeInputs } from '../components/list/dateRange';
import type { ResourceDecl } from '../../resources/types';
import { DictSelectInput } from '../dict/DictInputs';
import { CallChoicesInput } from './CallChoicesInput';

/**
 * The filter inputs of a list, from `list.filters`: `like` and `eq` on text → a text box, `eq` on an enum
 * → a select (or the filter's own `choices`), `range` → two number inputs on a number field, else two date inputs named by the filter's params (default startTime / endTime).
 * Empty values are dropped by the data provider before the search body is sent.
 */
export function buildFilters(decl: ResourceDecl): ReactElement[] {
  const inputs: ReactElement[] = [];
  for (const filter of decl.list.filters) {
    if (filter.apiOnly) continue;
    const field = decl.fields.find((f) => f.name === filter.field);
    const label = filter.label ?? field?.label ?? filter.field;
    const alwaysOn = filter.alwaysOn ?? false;
    if (filter.op === 'range') {
      const [start, end] = filter.params ?? ['startTime', 'endTime'];
      if (field?.type === 'number') {
        // A number range (years, amounts): 开始… / 结束… boxes.
        inputs.push(
          <NumberInput key={start} source={start} label={`开始${label}`} alwaysOn={alwaysOn} sx={{ width: 120 }} />,
          <NumberInput key={end} source={end} label={`结束${label}`} alwaysOn={alwaysOn} sx={{ width: 120 }} />,
        );
      } else inputs.push(...dateRangeInputs(start, end, label));
    } else if (filter.choicesFrom) {
      // Choices a call answers (部门 from the department data any staff member may read).
      inputs.push(<CallChoicesInput key={filter.field} source={filter.field} label={label} alwaysOn={alwaysOn} emptyText="全部" from={filter.choicesFrom} />);
    } else if (filter.choices || (field?.type === 'enum' && field.options)) {
      // The filter's own choices (each may stand for several values: resources/filterValues.ts), else the field's options.
      const choices = filter.choices ?? field?.options ?? [];
      inputs.push(
        <SelectInput
          key={filter.field}
          source={filter.field}
          label={label}
          alwaysOn={alwaysOn}
          emptyText="全部"
          choices={choices.map((o) => ({ id: o.value, name: o.label }))}
        />,
      );
    } else if (field?.type === 'dict' && field.dict) {
      inputs.push(<DictSelectInput key={filter.field} source={filter.field} label={label} alwaysOn={alwaysOn} emptyText="全部" dict={field.dict} />);
    } else {
      inputs.push(<TextInput key={filter.field} source={filter.field} label={label} alwaysOn={alwaysOn} resettable />);
    }
  }
  return inputs;
}
