export * from './companies';
export * from './projects';
export * from './portal';
export * from './auth';
