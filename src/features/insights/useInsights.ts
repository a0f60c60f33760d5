import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { Role } from '../../../client/types';
import type { InsightsScope } from '../../../machines/insights/insights.actors';
import { insightsMachine } from '../../../machines/insights/insights.machine';
import { useNotify } from '../../components/Toasts';
import { saveFile } from './saveFile';

/** The report's machine with React's side: its toasts, and the browser saving a downloaded file. */
export function useInsights(scope: InsightsScope, role: Role, restaurantId: string | null) {
  const notify = useNotify();
  const [logic] = useState(() =>
    insightsMachine.provide({
      actions: {
        notify: (_, notice) => notify(notice),
        saveFile: (_, { file }) => saveFile(file),
      },
    }),
  );
  return useActorRef(logic, { input: { scope, role, restaurantId } });
}
