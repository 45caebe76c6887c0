export async function benchGeneration() { return {}; }
export function printGeneration(_r: unknown) { void _r; }
