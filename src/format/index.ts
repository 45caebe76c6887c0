export { formatAmount, formatCurrency } from './amount';
export { imageUrl } from './image';
