import { describe, expect, it } from 'vitest';
import { makeOrderItem, makeOrderReturn } from '../test/order-fixtures';
import {
  LINES_FIELD,
  initialReturnValues,
  quantityField,
  restockField,
  returnErrors,
  returnRequestOf,
  returnableLinesOf,
} from './order-returns';

const sugar = makeOrderItem({ id: 'oi-sugar', quantity: 1, unit: 'kg', itemName: 'Loose white sugar' });
const line = (quantity: number) => ({ ...makeOrderReturn().lines[0], orderItemId: 'oi-sugar', quantity, unit: 'kg' });

describe('returnableLinesOf', () => {
  it('sums what came back in exact thousandths, counting only the current cycle', () => {
    const returns = [
      makeOrderReturn({ id: 'a', cycle: 2, lines: [line(0.1)] }),
      makeOrderReturn({ id: 'b', cycle: 2, lines: [line(0.2)] }),
      makeOrderReturn({ id: 'c', cycle: 1, lines: [line(0.9)] }),
    ];
    const [sugarLine] = returnableLinesOf([sugar], returns, 2);
    // 0.1 + 0.2 is 0.3 here, not 0.30000000000000004: 0.7 kg is left, and exactly that may come back.
    expect(sugarLine.returned).toBe(300n);
    expect(sugarLine.left).toBe(700n);
    const values = { ...initialReturnValues([sugar]), [quantityField('oi-sugar')]: '0.7', reason: 'Wet' };
    expect(returnErrors(values, [sugarLine])).toEqual({});
    expect(returnErrors({ ...values, [quantityField('oi-sugar')]: '0.701' }, [sugarLine])).toEqual({
      [quantityField('oi-sugar')]: 'returns.errors.quantityAboveLeft',
    });
  });
});

describe('returnRequestOf', () => {
  it('sends only the lines above 0 (a blank one counts as 0), as decimal text, with the reason trimmed', () => {
    const rice = makeOrderItem();
    const lines = returnableLinesOf([rice, sugar], [], 1);
    const values = {
      ...initialReturnValues([rice, sugar]),
      [quantityField('oi-rice')]: ' ',
      [quantityField('oi-sugar')]: '٠٫٢٥٠',
      [restockField('oi-sugar')]: 'false',
      reason: '  Wet bags ',
    };
    expect(returnErrors(values, lines)).toEqual({});
    expect(returnRequestOf(values, lines)).toEqual({
      reason: 'Wet bags',
      lines: [{ orderItemId: 'oi-sugar', quantity: '0.25', restock: false }],
    });
    expect(returnErrors({ ...values, [quantityField('oi-sugar')]: '0' }, lines)[LINES_FIELD]).toBe(
      'returns.errors.nothing',
    );
  });
});
