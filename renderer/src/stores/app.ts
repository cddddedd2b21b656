import { defineStore } from 'pinia';
import type { AppInfo, AppProblem } from '../../../shared/ipc/channels/app';
import { api, call } from '../api';

export const useAppStore = defineStore('app', {
  state: () => ({
    info: null as AppInfo | null,
    problems: [] as AppProblem[],
    loadError: null as string | null,
  }),
  getters: {
    keychainAvailable: (state) => state.info?.vault.keychainAvailable ?? true,
  },
  actions: {
    async load() {
      try {
        this.info = await call(api().app.info());
        this.problems = [...this.info.problems];
      } catch (error) {
        this.loadError = error instanceof Error ? error.message : String(error);
      }
    },
    listen() {
      return api().app.onProblem((problem) => {
        if (!this.problems.some((p) => p.id === problem.id)) this.problems.push(problem);
      });
    },
    async dismiss(id: string) {
      await call(api().app.dismissProblem({ id }));
      this.problems = this.problems.filter((p) => p.id !== id);
    },
  },
});
