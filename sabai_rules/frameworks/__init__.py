"""The adapters to OpenSpiel and PettingZoo (layer 3), each imported on its own: this package
imports neither framework.
"""
