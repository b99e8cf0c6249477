import { createContext, useContext } from 'react';

/**
 * Whether content renders inside a layout that already has a header and footer. The error page
 * uses it to show itself within the default layout, or as a page of its own otherwise.
 */
export const InsideLayoutContext = createContext(false);

export const useInsideLayout = (): boolean => useContext(InsideLayoutContext);
