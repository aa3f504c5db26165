import { describe, expect, it } from 'vitest';
import { areaOfPath, roleHome, safeNext, signInHeading } from './roles';

describe('roles and areas', () => {
  it('sends each role home', () => {
    expect(roleHome('admin')).toBe('/admin');
    expect(roleHome('restaurant')).toBe('/dashboard');
    expect(roleHome('courier')).toBe('/courier/dashboard');
    expect(roleHome('courier', '')).toBe('/dashboard');
    expect(roleHome('auditor')).toBe('/auditor');
  });

  it('knows the area of a path', () => {
    expect(areaOfPath('/admin/orders?status=new')).toBe('admin');
    expect(areaOfPath('/orders')).toBe('restaurant');
    expect(areaOfPath('/restaurant/create-order')).toBe('restaurant');
    expect(areaOfPath('/courier/tasks')).toBe('courier');
    expect(areaOfPath('/administrator')).toBeNull();
  });

  it('follows next only inside the role area and this site', () => {
    expect(safeNext('/admin/zones', 'admin')).toBe('/admin/zones');
    expect(safeNext('/admin/zones', 'restaurant')).toBeNull();
    expect(safeNext('//evil.example/admin', 'admin')).toBeNull();
    expect(safeNext('https://evil.example', 'admin')).toBeNull();
    expect(safeNext('/\\evil.example', 'admin')).toBeNull();
  });

  it('titles the sign-in page by host, then by destination', () => {
    expect(signInHeading('restaurant.dispatch.example', null)).toBe('Restaurant Login');
    expect(signInHeading('admin.dispatch.example:443', '/dashboard')).toBe('Admin Login');
    expect(signInHeading('127.0.0.1:8787', '/admin/orders')).toBe('Admin Login');
    expect(signInHeading('127.0.0.1:8787', '/orders')).toBe('Restaurant Login');
    expect(signInHeading('127.0.0.1:8787', null)).toBe('Sign in to your account');
  });
});
