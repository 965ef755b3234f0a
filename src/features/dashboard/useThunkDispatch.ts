import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/** The store's dispatch, typed for RTK Query thunks (features cannot import the app's typed hooks). */
export const useThunkDispatch = () => useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
