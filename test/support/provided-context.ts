/** What test/support/global-setup.ts provides to every test file (vitest's `inject`). */
declare module "vitest" {
	export interface ProvidedContext {
		/** An empty folder per test run where the first browser test makes the demo store (see web/test/support/dashboard.ts). */
		dashboardDemoDir: string;
	}
}

export {};
