import { createDataProvider } from '../providers';
import { http } from './portal';
import { resources } from './resources';

/** The data provider of both admin shells, driven by the resource declarations. */
export const dataProvider = createDataProvider(http, resources);
