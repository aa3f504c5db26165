/**
 * Every island, by the name of its file in islands/. The build makes one bundle per
 * file; a unit test keeps this list and the folder the same.
 */
import LoginForm from '../../islands/LoginForm';

export const islands = { LoginForm } as const;

export type IslandName = keyof typeof islands;
