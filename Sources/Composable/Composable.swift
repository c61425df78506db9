public enum _ComposableModule {}
