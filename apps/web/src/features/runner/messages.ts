/** The leave warnings of docs/product.md#test-flow, word for word. */
export const LEAVE_ON_REFRESH = 'Your test progress will be lost if you refresh or close this tab. Are you sure you want to proceed?';
export const LEAVE_ON_BACK = 'Your test progress will be lost if you go back. Are you sure you want to leave?';
